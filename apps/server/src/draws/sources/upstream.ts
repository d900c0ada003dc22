import { hasPrizeRecord, zonedParts, type Game } from '@kaijiang/domain';
import type { DrawRecord } from '../../repositories/index.ts';
import { storeResults } from '../results.ts';
import type { DrawSource, SourceContext } from './types.ts';
import { createUpstreamClient, type RemoteDraw, type UpstreamClient } from './upstream-client.ts';

const TIMEOUT_MS = 5_000;
const MAX_BACKOFF_MS = 60_000;
const GAP_PAGE_SIZE = 100;
/** Pages of upstream history fetched to close a gap after an outage (bounded start-up work). */
const GAP_PAGES_MAX = 10;

/**
 * Follows another kaijiang's public API. All state is in the database, so an outage (timeouts,
 * 5xx, garbage) only delays us: we back off, then catch up from the upstream's history.
 */
export function createUpstreamSource(ctx: SourceContext): DrawSource {
  const { repos, service, log, clock } = ctx;
  const failures = new Map<number, number>();
  // The prize record last taken per game, so that polling does not read it back every time.
  const takenPrizes = new Map<number, string>();

  const record = (game: Game, r: RemoteDraw, numbers: string[], status: RemoteDraw['status']) => ({
    gameId: game.id,
    issue: r.issue,
    drawAt: r.drawAt,
    year: zonedParts(new Date(r.drawAt), game.timezone).year,
    status,
    numbers,
    source: 'kaijiang' as const,
  });

  /** Brings a stored draw up to the remote one ball at a time, publishing each. */
  async function follow(game: Game, local: DrawRecord, remote: RemoteDraw): Promise<void> {
    let cur = local;
    const isPrefix = cur.numbers.every((n, i) => remote.numbers[i] === n);
    if (!isPrefix) {
      if (remote.status !== 'done') return;
      log.warn({ gameId: game.id, issue: remote.issue }, 'upstream corrected a draw');
      const next = { ...cur, numbers: remote.numbers, status: 'done' as const };
      // A published result replaced: through results.ts, audited with what it was.
      await storeResults({ repos, service }, game.id, [next], {
        change: 'source',
        writer: { kind: 'source', name: 'upstream' },
        onExisting: 'update',
        expected: new Map([[cur.issue, cur.numbers.join(',')]]),
      });
      await service.changed(next);
      return;
    }
    while (cur.numbers.length < remote.numbers.length) {
      const numbers = remote.numbers.slice(0, cur.numbers.length + 1);
      const last = numbers.length === remote.numbers.length;
      const status = last && remote.status === 'done' ? 'done' : 'drawing';
      if (!(await repos.draws.advance(cur, cur.numbers, { numbers, status }))) return;
      cur = { ...cur, numbers, status };
      await service.changed(cur);
    }
    if (cur.status !== 'done' && remote.status === 'done') {
      if (await repos.draws.advance(cur, cur.numbers, { numbers: cur.numbers, status: 'done' })) {
        await service.changed({ ...cur, status: 'done' });
      }
    }
  }

  /** After an outage: finished draws we missed, and our open draws the upstream has finished. */
  async function catchUp(game: Game, client: UpstreamClient, remote: RemoteDraw): Promise<void> {
    const newest = await repos.draws.newest(game.id);
    for (const open of [
      await repos.draws.newestWithStatus(game.id, 'drawing'),
      await repos.draws.newestWithStatus(game.id, 'waiting'),
    ]) {
      if (!open || open.issue === remote.issue) continue;
      const r = await client.draw(open.issue);
      if (r?.status === 'done') await follow(game, open, r);
    }
    if (!newest || newest.drawAt >= remote.drawAt) return;
    const remoteMissed: RemoteDraw[] = [];
    for (let page = 1; page <= GAP_PAGES_MAX; page++) {
      const items = await client.history(page, GAP_PAGE_SIZE);
      const newer = items.filter((d) => d.drawAt > newest.drawAt && d.issue !== remote.issue);
      remoteMissed.push(...newer);
      if (newer.length < items.length || items.length < GAP_PAGE_SIZE) break;
    }
    const missed: DrawRecord[] = remoteMissed.map((d) => record(game, d, d.numbers, 'done'));
    if (missed.length > 0) {
      await repos.draws.insertMany(missed);
      if (hasPrizeRecord(game.id)) {
        const rows = remoteMissed.flatMap((d) =>
          d.prizes ? [{ issue: d.issue, drawAt: d.drawAt, record: d.prizes }] : [],
        );
        await repos.prizes.putMany(game.id, rows, new Date(clock()).toISOString());
      }
      service.invalidate(game.id);
      log.info({ gameId: game.id, draws: missed.length }, 'caught up with upstream');
    }
  }

  async function apply(game: Game, client: UpstreamClient, remote: RemoteDraw): Promise<void> {
    let local = await repos.draws.get(game.id, remote.issue);
    if (!local) {
      await catchUp(game, client, remote);
      // Stored empty first, then ball by ball: visitors see the draw unfold here too.
      local = record(game, remote, [], remote.status === 'drawing' ? 'drawing' : 'waiting');
      if (!(await repos.draws.insert(local))) return;
      await service.changed(local);
    }
    if (local.status !== 'done' || local.numbers.join() !== remote.numbers.join()) {
      await follow(game, local, remote);
    }
    await takePrizes(game, remote);
  }

  /** The upstream's prize record of a finished draw, stored when it is new or changed. */
  async function takePrizes(game: Game, remote: RemoteDraw): Promise<void> {
    if (!remote.prizes || remote.status !== 'done' || !hasPrizeRecord(game.id)) return;
    const key = `${remote.issue}\n${JSON.stringify(remote.prizes)}`;
    if (takenPrizes.get(game.id) === key) return;
    const stored = await repos.prizes.get(game.id, remote.issue);
    const { updatedAt: _, ...storedInput } = stored ?? { updatedAt: '' };
    if (!stored || JSON.stringify(storedInput) !== JSON.stringify(remote.prizes)) {
      const now = new Date(clock()).toISOString();
      await repos.prizes.put(game.id, remote, remote.prizes, now);
      service.prizesChanged(game.id);
    }
    takenPrizes.set(game.id, key);
  }

  return {
    async step(game, settings) {
      if (!settings.upstreamUrl) return MAX_BACKOFF_MS;
      const client = createUpstreamClient(
        settings.upstreamUrl,
        settings.upstreamGameId ?? game.id,
        Math.min(TIMEOUT_MS, Math.max(ctx.upstreamPollMs * 2, 500)),
      );
      try {
        await apply(game, client, await client.latest());
        if (failures.has(game.id)) log.info({ gameId: game.id }, 'upstream is back');
        failures.delete(game.id);
        return ctx.upstreamPollMs;
      } catch (err) {
        const n = (failures.get(game.id) ?? 0) + 1;
        failures.set(game.id, n);
        // First failure and then every tenth: an outage must not flood the log.
        if (n === 1 || n % 10 === 0)
          log.warn({ err, gameId: game.id, failures: n }, 'upstream failed');
        const backoff = Math.min(ctx.upstreamPollMs * 2 ** Math.min(n, 10), MAX_BACKOFF_MS);
        return backoff * (0.75 + Math.random() * 0.5);
      }
    },
  };
}
