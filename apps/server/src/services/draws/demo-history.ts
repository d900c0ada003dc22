import { previousDrawAt, scheduledDrawsBetween, type Game } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { completeDraw, seededRandom } from './fair.ts';
import { recordSimulatedPrizes } from './prize-record.ts';

const DAY = 86_400_000;
const marker = (gameId: number) => `seed.demo.draws.${gameId}`;
/** Rows per background batch: generated and written in a few milliseconds, so no visitor waits. */
const BATCH_DRAWS = 500;

export interface DemoHistoryOptions {
  repos: Repositories;
  games: readonly Game[];
  log: FastifyBaseLogger;
  now: number;
  days: number;
  /** The most recent days are written before the server answers; the rest in the background. */
  syncDays: number;
  /** Told after each write, so cached counts and years are dropped. */
  onInserted?: (gameId: number) => void;
}

interface Plan {
  game: Game;
  /** Seed down to here (inclusive). */
  from: number;
  /** Everything from here on (exclusive) exists. */
  frontier: number;
}

/** Seeded per draw: the demo is reproducible whatever order the batches ran in. */
function demoDraws(game: Game, from: number, to: number): DrawRecord[] {
  return scheduledDrawsBetween(game, new Date(from), new Date(to)).map((s) => ({
    gameId: game.id,
    issue: s.issue,
    drawAt: s.drawAt.toISOString(),
    year: s.year,
    status: 'done',
    numbers: completeDraw([], seededRandom(`${game.id}:${s.issue}`)),
    source: 'simulator',
  }));
}

const spanOf = (game: Game) =>
  game.intervalMinutes ? BATCH_DRAWS * game.intervalMinutes * 60_000 : Infinity;

export interface DemoHistory {
  /** Draws written before start-up finished. */
  inserted: number;
  /** Writes the older years in batches; resolves when done or stopped. */
  runBackground(shouldStop: () => boolean): Promise<number>;
}

/**
 * Fills an empty installation with `days` of fair (seeded) history per game. A marker records the
 * target so a restart in the middle carries on backwards from the oldest draw; a game that
 * already had draws of its own (imported, real) is left alone.
 */
export async function seedDemoHistory(opts: DemoHistoryOptions): Promise<DemoHistory> {
  const { repos, log, now } = opts;
  const plans: Plan[] = [];
  for (const game of opts.games) {
    const key = marker(game.id);
    let mark = await repos.meta.get(key);
    if (mark === 'done') continue;
    if (mark === undefined) {
      if (await repos.draws.newest(game.id)) {
        await repos.meta.set(key, 'done');
        continue;
      }
      mark = new Date(now - opts.days * DAY).toISOString();
      await repos.meta.set(key, mark);
    }
    const oldest = await repos.draws.oldest(game.id);
    // The draw due last is the engine's: it may still be running live.
    const frontier = oldest
      ? Date.parse(oldest.drawAt)
      : previousDrawAt(game, new Date(now)).getTime();
    plans.push({ game, from: Date.parse(mark), frontier });
  }

  /** Draws written, and their prize records for a prize game (the Hong Kong one). */
  async function write(game: Game, from: number, to: number): Promise<number> {
    const draws = demoDraws(game, from, to);
    const count = await repos.draws.insertMany(draws);
    if (draws.length > 0) {
      const seed = seededRandom(`prizes:${game.id}:${draws[0]!.issue}`);
      await recordSimulatedPrizes(repos, game.id, draws, seed, new Date(now).toISOString());
    }
    return count;
  }

  let inserted = 0;
  for (const plan of plans) {
    const from = Math.max(plan.from, plan.frontier - opts.syncDays * DAY);
    if (from < plan.frontier) {
      inserted += await write(plan.game, from, plan.frontier);
      plan.frontier = from;
    }
    if (plan.frontier <= plan.from) await repos.meta.set(marker(plan.game.id), 'done');
  }

  return {
    inserted,
    async runBackground(shouldStop) {
      let total = 0;
      for (const plan of plans) {
        const span = spanOf(plan.game);
        while (plan.frontier > plan.from && !shouldStop()) {
          const from = Math.max(plan.from, plan.frontier - span);
          total += await write(plan.game, from, plan.frontier);
          plan.frontier = from;
          opts.onInserted?.(plan.game.id);
          // Let requests and live draws through between two batches.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        if (plan.frontier <= plan.from) {
          await repos.meta.set(marker(plan.game.id), 'done');
          log.debug({ gameId: plan.game.id }, 'demo draw history complete');
        }
      }
      return total;
    },
  };
}
