import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../../services/draws/clock.ts';
import { createDrawsAdmin, type DrawsAdmin } from '../../services/draws/admin.ts';
import { createCompatReads, type CompatReads } from '../../services/draws/compat.ts';
import { createDrawEngine, type DrawEngine } from '../../services/draws/engine.ts';
import type { RandomInt } from '../../services/draws/fair.ts';
import { createDrawService, type DrawService } from '../../services/draws/service.ts';
import { createHeavyLane } from '../../lib/heavy-lane.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draw state, history and statistics (cached); the engine and admin calls write through it. */
    draws: DrawService;
    /** The draw role's changes: balls, corrections, sources, schedule, stream, imports. */
    drawsAdmin: DrawsAdmin;
    /** What the compatible feeds (/compat/…) read besides app.draws. */
    drawsCompat: CompatReads;
    /** Null when DRAW_ENGINE=off. */
    drawEngine: DrawEngine | null;
  }
}

export interface DrawsPluginOptions {
  /** Tests move time: the engine, the schedule and serverTime all read this clock. */
  clock?: Clock;
  leaseTtlMs?: number;
  holderId?: string;
  random?: RandomInt;
  /** Days of demo history written before start-up completes (default 30; see demo-seed.ts). */
  demoSyncDays?: number;
}

export default fp(
  async (app, opts: DrawsPluginOptions) => {
    const { config } = app;
    const clock = opts.clock ?? systemClock;
    const service = createDrawService({
      repos: app.repos,
      hub: app.liveHub,
      changes: app.changes,
      clock,
      log: app.log,
      // node:sqlite blocks while it reads: one big read at a time. PostgreSQL reads wait on the
      // network instead, so a few may overlap.
      lane: createHeavyLane({
        concurrency: app.database.dialect === 'sqlite' ? 1 : 4,
        maxWaiting: 512,
      }),
    });
    app.decorate('draws', service);
    app.decorate('drawsAdmin', createDrawsAdmin({ repos: app.repos, service }));
    app.decorate('drawsCompat', createCompatReads(app.repos));

    const engine = config.drawEngine
      ? createDrawEngine({
          repos: app.repos,
          service,
          log: app.log,
          clock,
          ballIntervalMs: config.drawBallIntervalMs,
          upstreamPollMs: config.drawUpstreamPollMs,
          random: opts.random,
          leaseTtlMs: opts.leaseTtlMs ?? config.drawLeaseTtlMs,
          holderId: opts.holderId,
        })
      : null;
    app.decorate('drawEngine', engine);
    if (engine) app.addHook('onReady', async () => engine.start());

    // preClose: before the database goes away, and before in-flight requests finish.
    app.addHook('preClose', async () => {
      await engine?.stop();
      service.close();
    });
  },
  { name: 'draws', dependencies: ['config', 'repositories', 'live-hub'] },
);
