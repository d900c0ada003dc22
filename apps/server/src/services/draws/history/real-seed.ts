// The real Hong Kong history an installation with the demo data starts from (apps/server/data):
// loaded once, in the background, into game 111; then the simulator's draws from the last real
// one up to now, numbered on from it (2026/087 …) and marked as the simulator's.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { followingIssue, previousDrawAt, scheduledDrawsBetween, type Game } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DrawRecord, Repositories } from '../../../repositories/index.ts';
import { completeDraw, seededRandom } from '../fair.ts';
import { recordSimulatedPrizes } from '../prize-record.ts';
import { applyHistory } from './apply.ts';
import { parseHistory } from './formats.ts';

export const REAL_HISTORY_GAME = 111;
export const REAL_HISTORY_FILE = path.join(
  import.meta.dirname,
  '../../../../data/hkjc-mark-six-1993-2026.json.br',
);
const MARKER = `seed.real.${REAL_HISTORY_GAME}`;
/** Simulated draws written per batch after the real ones (a turn of the event loop between). */
const BATCH = 500;

/**
 * Whether this start loads the history: a first start (no marker, no draws of the game yet), or
 * one after a load that did not finish (it carries on; the import is idempotent).
 */
export async function realHistoryDue(repos: Repositories, game: Game | undefined) {
  if (!game) return false;
  const mark = await repos.meta.get(MARKER);
  if (mark === 'done' || mark === 'skipped') return false;
  if (mark === undefined) {
    if (await repos.draws.newest(game.id)) {
      await repos.meta.set(MARKER, 'skipped');
      return false;
    }
    await repos.meta.set(MARKER, 'pending');
  }
  return true;
}

export interface RealHistoryResult {
  imported: number;
  simulated: number;
  ms: number;
}

/** Loads the file, then the simulator's draws up to (not including) the one due now. */
export async function loadRealHistory(opts: {
  repos: Repositories;
  game: Game;
  now: number;
  log: FastifyBaseLogger;
  file?: string;
  shouldStop?: () => boolean;
}): Promise<RealHistoryResult> {
  const { repos, game, now } = opts;
  const started = performance.now();
  const text = (
    await promisify(brotliDecompress)(await fs.readFile(opts.file ?? REAL_HISTORY_FILE))
  ).toString('utf8');
  const parsed = parseHistory('hkjc', text, game, now);
  if (!parsed.ok) throw new Error(`bundled history refused: ${parsed.problems[0]?.message}`);
  const at = new Date(now).toISOString();
  const outcome = await applyHistory(repos, game, parsed.draws, {
    replace: false,
    now: at,
    writer: { kind: 'source', name: 'hkjc-bundled' },
  });
  if (outcome.refused > 0) {
    // Draws of its own got there first (another instance, an operator): leave them be.
    opts.log.warn(
      { refused: outcome.refused },
      'real history contradicts stored draws; not loaded',
    );
    await repos.meta.set(MARKER, 'skipped');
    return { imported: 0, simulated: 0, ms: Math.round(performance.now() - started) };
  }
  let simulated = 0;
  let previous: DrawRecord | undefined = await repos.draws.newest(game.id);
  const frontier = previousDrawAt(game, new Date(now));
  while (previous && !opts.shouldStop?.()) {
    const due = scheduledDrawsBetween(game, new Date(Date.parse(previous.drawAt) + 1), frontier);
    if (due.length === 0) break;
    const rows: DrawRecord[] = [];
    for (const s of due.slice(0, BATCH)) {
      const issue = followingIssue(game, previous, s.drawAt);
      const row: DrawRecord = {
        gameId: game.id,
        issue,
        drawAt: s.drawAt.toISOString(),
        year: s.year,
        status: 'done',
        numbers: completeDraw([], seededRandom(`${game.id}:${issue}`)),
        source: 'simulator',
      };
      rows.push(row);
      previous = row;
    }
    simulated += await repos.draws.insertMany(rows);
    await recordSimulatedPrizes(
      repos,
      game.id,
      rows,
      seededRandom(`prizes:${game.id}:${rows[0]!.issue}`),
      at,
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!opts.shouldStop?.()) await repos.meta.set(MARKER, 'done');
  return { imported: outcome.added, simulated, ms: Math.round(performance.now() - started) };
}
