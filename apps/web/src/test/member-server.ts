import type { Profile } from '@kaijiang/domain';
import { XSRF_TOKEN_CALL } from '@kaijiang/domain';
import { fakeServer } from './fixtures';

export const PROFILE: Profile = {
  userInfo: {
    id: 7,
    username: 'alice',
    nickname: '爱丽丝',
    phone: '13812345678',
    avatar: '',
    rebate: 9,
    balance: 12345.6,
    hasWithdrawPassword: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  extInfo: { unreadMessages: 2, collections: 3 },
};

/** A refusal as the server sends it: the envelope with its code, words and field map. */
export const refusal = (status: number, code: string, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The JSON body a handler was sent. */
export const bodyOf = (init: RequestInit): unknown =>
  typeof init.body === 'string' ? JSON.parse(init.body) : undefined;

type Handlers = Parameters<typeof fakeServer>[0];

/**
 * A fake server with a member's calls answered as for a signed-in `alice` (override any key,
 * e.g. `'POST /v/user/login': () => refusal(400, …)`). Requests are logged in `sent` as
 * `METHOD path` with the Authorization header they carried.
 */
export function memberServer(handlers: Handlers = {}) {
  const sent: { call: string; token: string | null; body: unknown }[] = [];
  const server = fakeServer({
    'POST /v/user/login': () => ({ token: 'tok-login' }),
    'POST /v/user/reg': () => ({ token: 'tok-reg' }),
    'GET /v/user/logout': () => true,
    'GET /api/user/info': () => PROFILE,
    'POST /api/user/updatePassword': () => true,
    'POST /api/user/updateInfo': (_u, init) => ({
      ...PROFILE.userInfo,
      ...(bodyOf(init) as object),
    }),
    ...handlers,
  });
  const inner = server.fetch;
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith(XSRF_TOKEN_CALL)) return inner(input, init);
    sent.push({
      call: `${init.method ?? 'GET'} ${url.pathname.replace(/^\/app-api/, '')}`,
      token: new Headers(init.headers).get('authorization'),
      body: bodyOf(init),
    });
    return inner(input, init);
  }) as typeof globalThis.fetch;
  return { ...server, fetch, sent };
}
