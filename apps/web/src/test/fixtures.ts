import type { Company, Game } from '@kaijiang/domain';
import { fiveElementsFile, XSRF_TOKEN_CALL } from '@kaijiang/domain';

export const GAMES: Game[] = [
  {
    id: 120,
    name: '极速六合彩',
    shortName: '极速',
    schedule: '每5分钟',
    drawTime: '00:00',
    drawDays: [],
    intervalMinutes: 5,
    timezone: 'Asia/Shanghai',
    icon: '',
  },
  {
    id: 110,
    name: '新澳门六合彩',
    shortName: '澳门',
    schedule: '每天 21:32',
    drawTime: '21:32',
    drawDays: [],
    timezone: 'Asia/Macau',
    icon: '',
  },
  {
    id: 111,
    name: '香港六合彩',
    shortName: '香港',
    schedule: '每周二、四、六 21:30',
    drawTime: '21:30',
    drawDays: [2, 4, 6],
    timezone: 'Asia/Hong_Kong',
    icon: '',
  },
];

export const COMPANY: Company = {
  code: 'kj',
  name: '开奖网',
  logo: '',
  slogan: '快速、准确的开奖结果',
  contact: { email: 'service@example.com' },
  aboutUs: '<p>关于我们的介绍</p>',
  disclaimer: '<p>免责声明正文</p>',
  onlineServiceUrl: 'https://chat.example.com',
};

export const FILES: Record<string, unknown> = {
  'config.json': {
    system_config: [
      { configKey: 'home_lottery_setting', configValue: '110,111,120' },
      { configKey: 'online_service_url', configValue: 'https://chat.example.com' },
    ],
  },
  'games.json': GAMES,
  'five-elements.json': fiveElementsFile([2025, 2026, 2027]),
  'company/kj/notice_list.json': {
    roll_notice: [{ noticeContent: '欢迎光临' }, { noticeContent: '21:32 开奖' }],
  },
  'company/kj.json': COMPANY,
};

type Handler = (url: URL, init: RequestInit) => unknown;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server as the web app's one HTTP layer sees it, for unit tests: the data files of `files`
 * and API answers from `handlers`, keyed `GET /api/v2/news` (a handler's value is the envelope's
 * data; a Response is sent as is). Every call is logged (path and query without `_t`) and may be
 * held back until released. Hand `fetch` to makeStore({ context: { fetch } }).
 */
export function fakeServer(handlers: Record<string, Handler> = {}, files = FILES) {
  const calls: string[] = [];
  const holds = new Set<string>();
  const held = new Map<string, () => void>();
  const all: Record<string, Handler> = { 'GET /api/v2/draws/latest': () => [], ...handlers };
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    url.searchParams.delete('_t');
    const file = url.pathname.startsWith('/sys-upload/data/json/')
      ? url.pathname.slice('/sys-upload/data/json/'.length)
      : undefined;
    const path = file ?? url.pathname.replace(/^\/app-api/, '');
    // The anti-forgery token call, answered as our server and a browser would together (the
    // cookie set); not one of the screen's calls (base-query.test.ts covers it).
    if (path === XSRF_TOKEN_CALL) {
      document.cookie = 'XSRF-TOKEN=test-token';
      return json({ code: 'OK', msg: 'ok', data: true });
    }
    calls.push(`${path}${url.search}`);
    if (holds.has(path)) await new Promise<void>((resolve) => held.set(path, resolve));
    if (file !== undefined) {
      return file in files ? json(structuredClone(files[file])) : json(null, 404);
    }
    const handler = all[`${init.method ?? 'GET'} ${path}`];
    if (!handler) return json({ code: 'NOT_FOUND', msg: '没有这个接口' }, 404);
    const out = await handler(url, init);
    return out instanceof Response ? out : json({ code: 'OK', msg: 'ok', data: out ?? null });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    calls,
    handlers: all,
    hold: (path: string) => holds.add(path),
    release: (path: string) => {
      holds.delete(path);
      held.get(path)?.();
    },
  };
}
