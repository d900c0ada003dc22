import {
  GRACE_S_DEFAULT,
  LATE_S_DEFAULT,
  type DrawSource,
  type DrawSourceSettings,
  type SourceEntry,
} from '@kaijiang/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';

/**
 * Which sources feed each game, primary first (simulator, manual, kaijiang, hkjc, macaujc), and
 * how long a backup waits for the primary (graceS) and a draw for any result (lateS).
 */
export interface DrawSourceRepository {
  get(gameId: number): Promise<DrawSourceSettings | undefined>;
  /** Every active game's settings, in display order. */
  list(): Promise<DrawSourceSettings[]>;
  /**
   * The single-source form (kept for the older call): the list becomes that one source.
   * `upstream` is the older name of `kaijiang`.
   */
  set(settings: {
    gameId: number;
    source: DrawSource | 'upstream';
    upstreamUrl: string | null;
    upstreamGameId: number | null;
  }): Promise<boolean>;
  /** The whole list; graceS and lateS kept when left out. */
  setList(
    gameId: number,
    sources: readonly SourceEntry[],
    timing?: { graceS?: number; lateS?: number },
  ): Promise<boolean>;
}

type Row = {
  id: number;
  draw_source: string;
  upstream_url: string | null;
  upstream_game_id: number | null;
  feed_sources: string | null;
  grace_s: number;
  late_s: number;
};

export const normalKind = (k: string): DrawSource =>
  k === 'upstream' ? 'kaijiang' : (k as DrawSource);

function entriesOf(r: Row): SourceEntry[] {
  if (r.feed_sources) {
    try {
      const parsed = JSON.parse(r.feed_sources) as SourceEntry[];
      if (Array.isArray(parsed) && parsed.length > 0)
        return parsed.map((e) => ({ ...e, kind: normalKind(e.kind) }));
    } catch {
      // An unreadable list falls back to the single source the row also holds.
    }
  }
  const kind = normalKind(r.draw_source);
  return [
    {
      kind,
      url: kind === 'kaijiang' ? r.upstream_url : null,
      remote:
        kind === 'kaijiang' && r.upstream_game_id !== null ? String(r.upstream_game_id) : null,
    },
  ];
}

function toSettings(r: Row): DrawSourceSettings {
  const sources = entriesOf(r);
  const primary = sources[0]!;
  const remoteId = primary.kind === 'kaijiang' && primary.remote ? Number(primary.remote) : NaN;
  return {
    gameId: r.id,
    source: primary.kind,
    upstreamUrl: primary.kind === 'kaijiang' ? primary.url : null,
    upstreamGameId: Number.isInteger(remoteId) ? remoteId : null,
    sources,
    graceS: r.grace_s ?? GRACE_S_DEFAULT,
    lateS: r.late_s ?? LATE_S_DEFAULT,
  };
}

export function createDrawSourceRepository(
  db: Kysely<DB>,
  changes?: ChangeFeed,
): DrawSourceRepository {
  const base = () =>
    db
      .selectFrom('games')
      .select([
        'id',
        'draw_source',
        'upstream_url',
        'upstream_game_id',
        'feed_sources',
        'grace_s',
        'late_s',
      ]);
  async function setList(
    gameId: number,
    sources: readonly SourceEntry[],
    timing: { graceS?: number; lateS?: number } = {},
  ): Promise<boolean> {
    const primary = sources[0];
    if (!primary) return false;
    const remoteId = primary.kind === 'kaijiang' && primary.remote ? Number(primary.remote) : NaN;
    const r = await db
      .updateTable('games')
      .set({
        draw_source: primary.kind,
        upstream_url: primary.kind === 'kaijiang' ? primary.url : null,
        upstream_game_id: Number.isInteger(remoteId) ? remoteId : null,
        feed_sources: JSON.stringify(sources),
        ...(timing.graceS !== undefined && { grace_s: timing.graceS }),
        ...(timing.lateS !== undefined && { late_s: timing.lateS }),
      })
      .where('id', '=', gameId)
      .executeTakeFirst();
    // The games' cached schedules carry lateS (when a draw is delayed): read them again.
    changes?.emit('games');
    return Number(r.numUpdatedRows) > 0;
  }
  return {
    async get(gameId) {
      const row = await base().where('id', '=', gameId).executeTakeFirst();
      return row && toSettings(row);
    },
    async list() {
      const rows = await base().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
      return rows.map(toSettings);
    },
    set(s) {
      const kind = normalKind(s.source);
      return setList(s.gameId, [
        {
          kind,
          url: kind === 'kaijiang' ? s.upstreamUrl : null,
          remote:
            kind === 'kaijiang' && s.upstreamGameId !== null ? String(s.upstreamGameId) : null,
        },
      ]);
    },
    setList,
  };
}
