// Every piece of the demo an empty installation gets with SEED_DEMO (the default), in the order
// each needs the one before: games, groups, settings, company and notices; then news, galleries,
// FAQ and the partner table (galleries are per game); then the draw history (per game, through
// the draw service so its caches follow). Each step keeps its own marker row, so what an operator
// removed stays removed on the next start.
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../../draws/clock.ts';
import { seedDemoHistory } from '../../draws/demo-history.ts';
import { seedContent } from '../../seed/content-seed.ts';
import { seedDemo } from '../../seed/demo-seed.ts';

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

/** News, galleries (per game, so after the games), FAQ and the partner table. */
const content = fp(async (app) => {
  const seeded = await seedContent(app.repos, app.content, { uploadsDir: app.uploadsDir });
  if (seeded.news || seeded.galleries) app.log.info(seeded, 'demo content seeded');
});

/** The most recent days before start-up completes, the older years in the background. */
const drawHistory = fp(async (app, opts: DemoSeedPluginOptions) => {
  const { config } = app;
  if (config.demoHistoryDays <= 0) return;
  const service = app.draws;
  const started = performance.now();
  const seeding = await seedDemoHistory({
    repos: app.repos,
    games: await service.games(),
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
    void app.register(drawHistory, opts);
  },
  { name: 'demo-seed', dependencies: ['config', 'repositories', 'content', 'draws'] },
);
