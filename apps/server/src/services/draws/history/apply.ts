// Storing an imported history: idempotent (a draw the installation has, with the same result,
// is left as it is), and a file that contradicts a stored result is refused as a whole unless
// the operator says to replace; what was replaced is answered, for the audit log.
import { zonedParts, type Game, type PrizeInput, type PrizeRecord } from '@kaijiang/domain';
import type { DrawRecord, Repositories } from '../../../repositories/index.ts';
import { storeResults, type ResultWriter } from '../results.ts';
import type { HistoryDraw } from './formats.ts';

export interface ImportOutcome {
  /** Draws the installation did not have. */
  added: number;
  /** Draws it had with the same result (their missing prize records filled in). */
  unchanged: number;
  /** Stored draws the file contradicted, replaced (with `replace`). */
  replaced: number;
  /** Stored draws the file contradicted, left alone: nothing was imported. */
  refused: number;
  /** Prize records written (new or replaced). */
  prizes: number;
  /** What each replaced (or refused) draw was, for the audit log and the operator. */
  contradictions: {
    issue: string;
    stored: { drawAt: string; numbers: string[]; source?: string };
    file: { drawAt: string; numbers: string[] };
  }[];
}

const CHUNK = 500;

/** Only the fields a record shows: an old JSON text and a parsed one compare equal. */
const prizeKey = (p: PrizeInput | PrizeRecord) =>
  JSON.stringify([
    p.divisions.map((d) => [d.division, d.winners, d.dividend]),
    p.turnover,
    p.jackpot,
    p.snowball,
  ]);

const localDay = (drawAt: string, game: Game) => {
  const p = zonedParts(new Date(drawAt), game.timezone);
  return `${p.year}-${p.month}-${p.day}`;
};

/**
 * A stored draw and a file's say different things when the numbers or the day differ, when the
 * stored one is not finished, or when both have a prize record and they differ. The time of day
 * alone is not a contradiction (a file may give only the day).
 */
function contradicts(
  game: Game,
  stored: DrawRecord,
  storedPrizes: PrizeRecord | undefined,
  item: HistoryDraw,
): boolean {
  if (stored.status !== 'done' || stored.numbers.join() !== item.draw.numbers.join()) return true;
  if (localDay(stored.drawAt, game) !== localDay(item.draw.drawAt, game)) return true;
  return !!storedPrizes && !!item.prizes && prizeKey(storedPrizes) !== prizeKey(item.prizes);
}

async function storedOf(repos: Repositories, gameId: number, issues: string[]) {
  const draws = new Map<string, DrawRecord>();
  const prizes = new Map<string, PrizeRecord>();
  for (let i = 0; i < issues.length; i += CHUNK) {
    const part = issues.slice(i, i + CHUNK);
    for (const d of await repos.draws.manyByIssue(gameId, part)) draws.set(d.issue, d);
    for (const [k, v] of await repos.prizes.forIssues(gameId, part)) prizes.set(k, v);
  }
  return { draws, prizes };
}

/**
 * Stores a checked history (formats.ts) through the draw and prize repositories. Without
 * `replace`, one contradiction refuses the file and nothing is written.
 */
export async function applyHistory(
  repos: Repositories,
  game: Game,
  items: readonly HistoryDraw[],
  opts: { replace: boolean; now: string; writer: ResultWriter },
): Promise<ImportOutcome> {
  const stored = await storedOf(
    repos,
    game.id,
    items.map((x) => x.draw.issue),
  );
  const fresh: HistoryDraw[] = [];
  const same: HistoryDraw[] = [];
  const differing: HistoryDraw[] = [];
  const contradictions: ImportOutcome['contradictions'] = [];
  for (const item of items) {
    const had = stored.draws.get(item.draw.issue);
    if (!had) fresh.push(item);
    else if (!contradicts(game, had, stored.prizes.get(item.draw.issue), item)) same.push(item);
    else {
      differing.push(item);
      contradictions.push({
        issue: had.issue,
        stored: { drawAt: had.drawAt, numbers: had.numbers, source: had.source },
        file: { drawAt: item.draw.drawAt, numbers: item.draw.numbers },
      });
    }
  }
  const outcome = { contradictions, prizes: 0 };
  if (differing.length > 0 && !opts.replace) {
    return { ...outcome, added: 0, unchanged: same.length, replaced: 0, refused: differing.length };
  }
  const written = [...fresh, ...differing];
  // The one way results are stored over stored ones: re-authentication, each replaced draw
  // audited with what it was, no result before its draw's time (services/draws/results.ts).
  if (written.length > 0) {
    await storeResults(
      { repos },
      game.id,
      written.map((x) => x.draw),
      {
        change: 'import',
        writer: opts.writer,
        onExisting: 'update',
      },
    );
  }
  // New records, and those of replaced draws; an unchanged draw only gets one it lacked.
  const putAll = [...fresh, ...differing].filter((x) => x.prizes);
  const fill = same.filter((x) => x.prizes && !stored.prizes.has(x.draw.issue));
  const rows = [...putAll, ...fill].map((x) => ({
    issue: x.draw.issue,
    drawAt: x.draw.drawAt,
    record: x.prizes!,
  }));
  const replacedPrizes = rows.filter((r) => stored.prizes.has(r.issue));
  for (const r of replacedPrizes) await repos.prizes.put(game.id, r, r.record, opts.now);
  await repos.prizes.putMany(
    game.id,
    rows.filter((r) => !stored.prizes.has(r.issue)),
    opts.now,
  );
  return {
    ...outcome,
    prizes: rows.length,
    added: fresh.length,
    unchanged: same.length,
    replaced: differing.length,
    refused: 0,
  };
}
