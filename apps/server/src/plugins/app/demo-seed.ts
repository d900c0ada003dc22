// Every piece of the demo an empty installation gets with SEED_DEMO (the default), in the order
// each needs the one before: games, groups, settings, company and notices; then news, FAQ and the
// partner table; then the picture library's series (per game); then the draw history (per game,
// through the draw service so its caches follow). Each step keeps its own marker row, so what an
// operator removed stays removed on the next start.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  loadRealHistory,
  REAL_HISTORY_GAME,
  realHistoryDue,
} from '../../services/draws/history/real-seed.ts';
import { systemClock, type Clock } from '../../services/draws/clock.ts';
import { seedDemoHistory } from '../../services/draws/demo-history.ts';
import { seedContent } from '../../services/seed/content-seed.ts';
import { seedGallerySeries } from '../../services/seed/gallery-series-seed.ts';
import { seedDemo } from '../../services/seed/demo-seed.ts';

export interface DemoSeedPluginOptions {
  /** The draws' clock: history ends at the draw due last by it. */
  clock?: Clock;
  /** Days of demo history written before start-up completes (default 30). */
  syncDays?: number;
}

/** Games, groups, settings, the company record and its notices, and their images. */
const site = fp(async (app) => {
  const seeded = await seedDemo(app.repos, {
    companyCode: app.config.companyCode,
    uploadsDir: app.uploadsDir,
  });
  if (seeded.site || seeded.company) app.log.info(seeded, 'demo content seeded');
});

/** News, FAQ and the partner table. */
const content = fp(async (app) => {
  const seeded = await seedContent(app.repos, app.content, { uploadsDir: app.uploadsDir });
  if (seeded.news) app.log.info(seeded, 'demo content seeded');
});

/** The picture library's named series (per game, so after the games), a step of its own. */
const gallerySeries = fp(async (app) => {
  const t0 = performance.now();
  const series = await seedGallerySeries(app.repos);
  if (series > 0)
    app.log.info({ series, ms: Math.round(performance.now() - t0) }, 'demo picture library seeded');
});

/**
 * The real Hong Kong history (services/draws/history/real-seed.ts) on a first start: loaded once the
 * server is ready, so it serves at once; the engine leaves the game alone until it is in, as
 * the draw due now is numbered after the last one loaded. Answers whether it runs.
 */
async function realHistory(app: FastifyInstance, opts: DemoSeedPluginOptions): Promise<boolean> {
  if (!app.config.realHistory) return false;
  const game = await app.draws.game(REAL_HISTORY_GAME);
  if (!(await realHistoryDue(app.repos, game)) || !game) return false;
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  app.drawEngine?.hold(game.id, loaded);
  let stop = false;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    running = loadRealHistory({
      repos: app.repos,
      game,
      now: (opts.clock ?? systemClock)(),
      log: app.log,
      shouldStop: () => stop,
    })
      .then((r) => app.log.info(r, 'real Hong Kong history loaded'))
      .catch((err: unknown) => app.log.error({ err }, 'real Hong Kong history not loaded'))
      .finally(() => {
        app.draws.invalidate(game.id);
        release();
      });
  });
  app.addHook('preClose', async () => {
    stop = true;
    await running;
  });
  return true;
}

/** The most recent days before start-up completes, the older years in the background. */
const drawHistory = fp(async (app, opts: DemoSeedPluginOptions) => {
  const { config } = app;
  const real = await realHistory(app, opts);
  if (config.demoHistoryDays <= 0) return;
  const service = app.draws;
  const started = performance.now();
  const games = await service.games();
  const seeding = await seedDemoHistory({
    repos: app.repos,
    games: real ? games.filter((g) => g.id !== REAL_HISTORY_GAME) : games,
    log: app.log,
    now: (opts.clock ?? systemClock)(),
    days: config.demoHistoryDays,
    syncDays: opts.syncDays ?? 30,
    onInserted: (gameId) => service.invalidate(gameId),
  });
  if (seeding.inserted > 0) {
    const ms = Math.round(performance.now() - started);
    app.log.info({ draws: seeding.inserted, ms }, 'demo draw history: recent draws seeded');
  }
  let stopSeeding = false;
  let background: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    const t0 = performance.now();
    background = seeding
      .runBackground(() => stopSeeding)
      .then((n) => {
        const ms = Math.round(performance.now() - t0);
        if (n > 0) app.log.info({ draws: n, ms }, 'demo draw history: older draws seeded');
      })
      .catch((err: unknown) => app.log.error({ err }, 'demo draw history failed'));
  });
  // preClose: the database closes in onClose, after every preClose hook has finished.
  app.addHook('preClose', async () => {
    stopSeeding = true;
    await background;
  });
});

export default fp(
  async (app, opts: DemoSeedPluginOptions) => {
    if (!app.config.seedDemo) return;
    // Not awaited: queued, the steps run one after the other once this function returns, each
    // with its own start-up time budget (pluginTimeout), as when they lived in three plugins.
    void app.register(site);
    void app.register(content);
    void app.register(gallerySeries);
    void app.register(drawHistory, opts);
  },
  { name: 'demo-seed', dependencies: ['config', 'repositories', 'content', 'draws'] },
);
