// The finished draws as pages, one draw, a CSV export and statistics: the reads of the archive,
// each bounded (docs/architecture.md), the big ones taking their turn in the heavy lane.
import {
  distribution,
  EXPORT_MAX_ROWS,
  frequency,
  hasPrizeRecord,
  hotCold,
  maxNumberOf,
  missing,
  type DrawDetail,
  type Game,
} from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { HeavyLane } from '../../lib/heavy-lane.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { DERIVED_TTL_MS, type Cached, type createDrawCaches } from './caches.ts';
import type { Clock } from './clock.ts';
import { CSV_HEADER, csvLine } from './csv.ts';
import { toDetail } from './detail.ts';
import { createHistoryKeys, KEYSET_FROM_ROWS } from './history-keys.ts';
import {
  DEEP_PAGE_ROWS,
  EXPORT_CHUNK_ROWS,
  HISTORY_MAX_ROWS,
  type DrawService,
} from './service-types.ts';

export interface DrawArchiveDeps {
  repos: Repositories;
  heavy: HeavyLane;
  clock: Clock;
  log: FastifyBaseLogger;
  derived: ReturnType<typeof createDrawCaches>['derived'];
  fresh: <T>(c: Cached<T> | undefined, ttl: number) => c is Cached<T>;
  game: (gameId: number) => Promise<Game | undefined>;
}

export function createDrawArchive({
  repos,
  heavy,
  clock,
  log,
  derived,
  fresh,
  game,
}: DrawArchiveDeps) {
  const historyKeys = createHistoryKeys({
    repos,
    heavy,
    onError: (err) => log.warn({ err }, 'history keys could not be read; paging by offset'),
  });

  async function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = derived.get(key) as Cached<T> | undefined;
    if (fresh(cached, DERIVED_TTL_MS)) return cached.value;
    const value = await heavy.run(load);
    derived.set(key, { value, at: clock() });
    return value;
  }

  /** A draw's detail with its prize record, for the games that have one. */
  async function withPrizes(gameId: number, rows: DrawRecord[]): Promise<DrawDetail[]> {
    const items = rows.map(toDetail);
    if (!hasPrizeRecord(gameId) || rows.length === 0) return items;
    const found = await repos.prizes.forIssues(
      gameId,
      rows.map((r) => r.issue),
    );
    return items.map((d) => {
      const prizes = found.get(d.issue);
      return prizes ? { ...d, prizes } : d;
    });
  }

  const archive: Pick<DrawService, 'history' | 'draw' | 'exportCsv' | 'stats'> = {
    async history(gameId, { year, page, pageSize }) {
      if (page * pageSize > HISTORY_MAX_ROWS) {
        const most = Math.floor(HISTORY_MAX_ROWS / pageSize);
        throw new AppError(400, 'REQ/INVALID', '页码过大，请按年份查询', {
          page: `不能大于 ${most}`,
        });
      }
      const offset = (page - 1) * pageSize;
      const countAll = () =>
        memo(`${gameId}:count:all`, () => repos.draws.countDone(gameId, undefined));
      // A deep page starts at its key (history-keys.ts); until the keys are in, and for the
      // first pages, OFFSET does: those cost less than a lane turn, deep ones take one.
      const read = async () => {
        const start =
          offset >= KEYSET_FROM_ROWS
            ? historyKeys.start(gameId, year, offset, await countAll())
            : null;
        if (start) return repos.draws.pageDoneFrom(gameId, { year, ...start, limit: pageSize });
        const rows = () => repos.draws.pageDone(gameId, { year, limit: pageSize, offset });
        return page * pageSize > DEEP_PAGE_ROWS ? heavy.run(rows) : rows();
      };
      const [rows, total, years] = await Promise.all([
        read(),
        year === undefined
          ? countAll()
          : memo(`${gameId}:count:${year}`, () => repos.draws.countDone(gameId, year)),
        memo(`${gameId}:years`, () => repos.draws.yearsDone(gameId)),
      ]);
      return { items: await withPrizes(gameId, rows), page, pageSize, total, years };
    },
    async draw(gameId, issue) {
      const d = await repos.draws.get(gameId, issue);
      return d ? ((await withPrizes(gameId, [d]))[0] ?? null) : null;
    },
    async exportCsv(gameId, year) {
      const rows = await memo(`${gameId}:count:${year ?? 'all'}`, () =>
        repos.draws.countDone(gameId, year),
      );
      if (rows > EXPORT_MAX_ROWS) {
        throw new AppError(400, 'REQ/INVALID', '导出范围过大，请按年份导出', {
          year: '请选择年份',
        });
      }
      async function* csv() {
        yield `${CSV_HEADER}\n`;
        let after: { drawAt: string; issue: string } | undefined;
        for (;;) {
          const text = await heavy.run(async () => {
            const chunk = await repos.draws.chunkDone(gameId, {
              year,
              after,
              limit: EXPORT_CHUNK_ROWS,
            });
            after = chunk.at(-1);
            return chunk.map((d) => `${csvLine(d)}\n`).join('');
          });
          if (text === '') return;
          yield text;
        }
      }
      return csv();
    },
    stats(gameId, window, scope = 'all') {
      return memo(`${gameId}:stats:${window}:${scope}`, async () => {
        const eras = (await game(gameId))?.eras;
        const draws = (await repos.draws.pageDone(gameId, { limit: window })).map((d) => ({
          ...d,
          maxNumber: maxNumberOf(eras, d.issue),
        }));
        const hc = hotCold(draws, window, 10, scope);
        return {
          gameId,
          window: draws.length,
          scope,
          from: draws.at(-1)?.issue ?? null,
          to: draws[0]?.issue ?? null,
          frequency: frequency(draws, scope),
          missing: missing(draws, scope),
          hot: hc.hot,
          cold: hc.cold,
          distributions: {
            colour: distribution(draws, 'colour', scope),
            zodiac: distribution(draws, 'zodiac', scope),
            element: distribution(draws, 'element', scope),
            size: distribution(draws, 'size', scope),
            parity: distribution(draws, 'parity', scope),
          },
        };
      });
    },
  };
  return { ...archive, withPrizes };
}
