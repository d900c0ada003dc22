// What a screen fetches first, beyond the start-up data every page carries (web-app plugin):
// answers to the web app's own first requests for the screen at `url`, keyed as the web app looks
// them up with takeInitialData, so the server renders the screen with its content and the browser
// shows it without a request.
//
// Keys are apiDataKey(path, query) of @kaijiang/domain: the call's path under the v2 base and its
// query sorted by name, e.g. `news?page=1&pageSize=10`. Each screen below asks what its web
// counterpart asks on its first render (same parameters read from the address, same defaults):
// a difference only costs the browser the request this saves.
import type { FastifyInstance } from 'fastify';
import {
  apiDataKey,
  CONFIG_KEYS,
  GALLERY_PAGE_SIZE,
  HISTORY_PAGE_SIZE,
  homeGames,
  NEWS_CATEGORIES,
  NEWS_PAGE_SIZE,
  type ApiQuery,
  type Game,
} from '@kaijiang/domain';

const V2 = '/app-api/api/v2';
const STATIC = '/sys-upload/data/json';

interface Call {
  path: string;
  query: ApiQuery;
}

/** The start-up data a screen's choice depends on, as the web app's store holds it. */
interface Site {
  /** games.json, in its order (the first is the store's current game at start-up). */
  games: Game[];
  /** The games of the home screen (home_lottery_setting of config.json). */
  home: Game[];
}

type Screen = (search: URLSearchParams, site: () => Promise<Site>) => Promise<Call[]>;

/** GET `url` through the app's own routes: the JSON body, or undefined when it is not a 200. */
async function get(app: FastifyInstance, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url }).catch(() => undefined);
  if (res?.statusCode !== 200) return undefined;
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

async function loadSite(app: FastifyInstance): Promise<Site> {
  const [gamesFile, configFile] = await Promise.all([
    get(app, `${STATIC}/games.json`),
    get(app, `${STATIC}/config.json`),
  ]);
  const games = Array.isArray(gamesFile) ? (gamesFile as Game[]) : [];
  // As the store reads config.json (app-slice loadSettings): the last entry of a key wins.
  const entries = (configFile as { system_config?: unknown } | undefined)?.system_config;
  const settings = new Map<string, string>();
  for (const e of Array.isArray(entries) ? entries : []) {
    const { configKey, configValue } = (e ?? {}) as { configKey?: unknown; configValue?: unknown };
    if (typeof configKey === 'string') {
      settings.set(configKey, configValue == null ? '' : String(configValue));
    }
  }
  return { games, home: homeGames(games, settings.get(CONFIG_KEYS.homeLotterySetting)) };
}

/** A positive integer query value, as useHistoryParams reads it. */
function int(raw: string | null): number | undefined {
  const n = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const SCREENS: Record<string, Screen> = {
  // news-screen.tsx: the category tab from ?category, else all.
  '/news': async (search) => {
    const category = NEWS_CATEGORIES.find((c) => c.code === search.get('category'))?.code;
    return [{ path: '/news', query: { category, page: 1, pageSize: NEWS_PAGE_SIZE } }];
  },
  // gallery-screen.tsx: the home game in ?game, else the first home game.
  '/gallery': async (search, site) => {
    const { home } = await site();
    const wanted = Number(search.get('game'));
    const game = home.find((g) => g.id === wanted) ?? home[0];
    if (!game) return [];
    return [
      { path: '/galleries', query: { gameId: game.id, page: 1, pageSize: GALLERY_PAGE_SIZE } },
    ];
  },
  // lottery-history-screen.tsx: the game in ?game (a home game or not), else the current game
  // (games.json's first at start-up) when it is a home game, else the first home game; ?year.
  '/lottery-history': async (search, site) => {
    const wanted = int(search.get('game'));
    const year = int(search.get('year'));
    let gameId = wanted;
    if (wanted === undefined) {
      const { games, home } = await site();
      const current = games[0];
      gameId = (home.find((g) => g.id === current?.id) ?? home[0])?.id;
    }
    if (gameId === undefined) return [];
    return [
      {
        path: '/draws/history',
        query: { gameId, year, page: 1, pageSize: HISTORY_PAGE_SIZE },
      },
    ];
  },
};

/** The screen at `pathname` as the router matches it: any case, trailing slashes ignored. */
function screenAt(pathname: string): Screen | undefined {
  const key = pathname.replace(/\/+$/, '').toLowerCase();
  return Object.hasOwn(SCREENS, key) ? SCREENS[key] : undefined;
}

export async function screenData(
  app: FastifyInstance,
  url: string,
): Promise<Record<string, unknown>> {
  try {
    // Parsed as the server renderer does (entry-server.tsx), so both see the same screen.
    const parsed = new URL(url, 'http://kaijiang.invalid');
    const screen = screenAt(parsed.pathname);
    if (!screen) return {};
    let site: Promise<Site> | undefined;
    const calls = await screen(parsed.searchParams, () => (site ??= loadSite(app)));
    const data: Record<string, unknown> = {};
    await Promise.all(
      calls.map(async ({ path, query }) => {
        const key = apiDataKey(path, query);
        // The key is that call's own URL under the v2 base.
        const body = await get(app, `${V2}/${key}`);
        const value = (body as { data?: unknown } | undefined)?.data;
        if (value !== undefined && value !== null) data[key] = value;
      }),
    );
    return data;
  } catch (err) {
    app.log.warn({ err, url }, 'screen data unavailable');
    return {};
  }
}
