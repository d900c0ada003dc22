// The origins of the games' live streams, for the pages' policy (plugins/external/helmet.ts):
// read at start, again when this instance changes a game, and every half minute for a change
// made on another instance.
import fp from 'fastify-plugin';

const REFRESH_MS = 30_000;

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? [u.origin] : [];
  } catch {
    return [];
  }
};

export default fp(
  async (app) => {
    const refresh = async () => {
      try {
        const games = await app.repos.games.list();
        app.setStreamOrigins(games.flatMap((g) => originOf(g.streamUrl)));
      } catch (err) {
        // The policy as it was stays: a page that cannot play a new stream shows the draw stage.
        app.log.warn({ err }, 'stream origins could not be read');
      }
    };
    const stop = app.changes.subscribe((topic) => {
      if (topic === 'games') void refresh();
    });
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await refresh();
      timer = setInterval(() => void refresh(), REFRESH_MS).unref();
    });
    app.addHook('onClose', async () => {
      stop();
      clearInterval(timer);
    });
  },
  { name: 'stream-origins', dependencies: ['helmet'] },
);
