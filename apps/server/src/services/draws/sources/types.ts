import type { DrawSourceSettings, Game } from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../../repositories/index.ts';
import type { Clock } from '../clock.ts';
import type { RandomInt } from '../fair.ts';
import type { DrawService } from '../service.ts';

export interface SourceContext {
  repos: Repositories;
  service: DrawService;
  clock: Clock;
  /** Pacing between balls (performance.now in production). */
  monotonic: Clock;
  log: FastifyBaseLogger;
  random: RandomInt;
  ballIntervalMs: number;
  upstreamPollMs: number;
  /** This engine's lease holder id (recorded with each feed poll). */
  holderId: string;
}

/**
 * One game's feed. `step` does what is due now and answers how many ms until it wants to run
 * again; a thrown error makes the runner back off and retry.
 */
export interface DrawSource {
  step(game: Game, settings: DrawSourceSettings): Promise<number>;
}
