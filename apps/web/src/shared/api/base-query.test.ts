import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSessionEnded } from './session-events';
import { storage } from '../storage/storage';
import { call } from './base-query';
import type { CallError } from './base-query';

type Seen = { url: string; init: RequestInit };

/** A fetch that answers `status` with `body` and records what it was asked. */
function server(status: number, body: unknown) {
  const seen: Seen[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

const headers = (s: Seen) => new Headers(s.init.headers);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: CallError) => e,
  );

describe('the one HTTP layer', () => {
  afterEach(() => {
    storage.remove('access_token');
    document.cookie = 'XSRF-TOKEN=; max-age=0';
  });

  it('unwraps the envelope and sends the company code and the stored token', async () => {
    storage.set('access_token', 'tok');
    const s = server(200, { code: 'OK', msg: 'ok', data: [1, 2] });
    expect(
      await call({ url: '/api/v2/news', params: { page: 1, category: undefined } }, s),
    ).toEqual([1, 2]);
    expect(s.seen[0]!.url).toBe('/app-api/api/v2/news?page=1');
    const h = headers(s.seen[0]!);
    expect(h.get('Company-Code')).toBe('kj');
    expect(h.get('Authorization')).toBe('tok');
    expect(h.get('token')).toBe('tok');
    expect(h.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('sends the anti-forgery cookie with unsafe calls on its own origin', async () => {
    document.cookie = 'XSRF-TOKEN=abc';
    const s = server(200, { code: 'OK', msg: 'ok', data: true });
    await call({ url: '/api/v2/questions', method: 'POST', body: { content: 'x' } }, s);
    expect(headers(s.seen[0]!).get('X-XSRF-TOKEN')).toBe('abc');
    expect(s.seen[0]!.init.body).toBe('{"content":"x"}');
  });

  it('asks for a token first when the visit holds none (pages and public reads set none)', async () => {
    const seen: Seen[] = [];
    let minted = 0;
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      if (url === '/app-api/api/v2/xsrf-token') {
        // What the browser does with the answer's Set-Cookie.
        await new Promise((resolve) => setTimeout(resolve, 5));
        document.cookie = `XSRF-TOKEN=minted${++minted}`;
      }
      return new Response(JSON.stringify({ code: 'OK', msg: 'ok', data: true }));
    }) as unknown as typeof globalThis.fetch;
    // Two calls at once share one ask; both send the token it brought.
    await Promise.all([
      call({ url: '/api/v2/questions', method: 'POST', body: { content: 'x' } }, { fetch }),
      call({ url: '/api/v2/push/subscription', method: 'PUT', body: {} }, { fetch }),
    ]);
    expect(seen.map((x) => x.url)).toEqual([
      '/app-api/api/v2/xsrf-token',
      '/app-api/api/v2/questions',
      '/app-api/api/v2/push/subscription',
    ]);
    expect(seen[0]!.init.method ?? 'GET').toBe('GET');
    expect(seen[0]!.init.credentials).toBe('same-origin');
    expect(headers(seen[1]!).get('X-XSRF-TOKEN')).toBe('minted1');
    expect(headers(seen[2]!).get('X-XSRF-TOKEN')).toBe('minted1');
    // Held now: the next call asks nothing more; reads never ask.
    await call({ url: '/api/v2/questions', method: 'POST', body: {} }, { fetch });
    await call({ url: '/api/v2/news' }, { fetch });
    expect(seen).toHaveLength(5);
    expect(minted).toBe(1);
  });

  it('sends a change refused for its token once more with a new one', async () => {
    // Held, but signed with a key the server no longer has (or planted by a sibling site).
    document.cookie = 'XSRF-TOKEN=stale';
    const seen: { url: string; token: string | null }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, token: headers({ url, init }).get('X-XSRF-TOKEN') });
      if (url.endsWith('/xsrf-token')) {
        document.cookie = 'XSRF-TOKEN=fresh';
        return new Response(JSON.stringify({ code: 'OK', msg: 'ok', data: true }));
      }
      const good = headers({ url, init }).get('X-XSRF-TOKEN') === 'fresh';
      return good
        ? new Response(JSON.stringify({ code: 'OK', msg: 'ok', data: 'done' }))
        : new Response(JSON.stringify({ code: 'REQ/XSRF', msg: '页面已过期，请刷新页面后重试' }), {
            status: 403,
          });
    }) as unknown as typeof globalThis.fetch;
    expect(await call({ url: '/api/v2/questions', method: 'POST', body: {} }, { fetch })).toBe(
      'done',
    );
    expect(seen).toEqual([
      { url: '/app-api/api/v2/questions', token: 'stale' },
      { url: '/app-api/api/v2/xsrf-token', token: null },
      { url: '/app-api/api/v2/questions', token: 'fresh' },
    ]);
    // Refused again with the new one: that refusal is the answer (no loop).
    document.cookie = 'XSRF-TOKEN=stale';
    const never = (async (url: string) => {
      seen.push({ url, token: null });
      return new Response(
        JSON.stringify({ code: 'REQ/XSRF', msg: '页面已过期，请刷新页面后重试' }),
        {
          status: 403,
        },
      );
    }) as unknown as typeof globalThis.fetch;
    seen.length = 0;
    const e = await failure(
      call({ url: '/api/v2/questions', method: 'POST', body: {} }, { fetch: never }),
    );
    expect(e).toMatchObject({ status: 403, code: 'REQ/XSRF' });
    expect(seen.map((x) => x.url)).toEqual([
      '/app-api/api/v2/questions',
      '/app-api/api/v2/xsrf-token',
      '/app-api/api/v2/questions',
    ]);
    // A read refused so is not sent again (it carries no token).
    seen.length = 0;
    await failure(call({ url: '/api/v2/news' }, { fetch: never }));
    expect(seen).toHaveLength(1);
  });

  it('still makes the call when the ask fails (the server refuses it in its own words)', async () => {
    const seen: string[] = [];
    const fetch = (async (url: string) => {
      seen.push(url);
      if (url.endsWith('/xsrf-token')) throw new TypeError('Failed to fetch');
      return new Response(
        JSON.stringify({ code: 'REQ/XSRF', msg: '页面已过期，请刷新页面后重试' }),
        {
          status: 403,
        },
      );
    }) as unknown as typeof globalThis.fetch;
    const e = await failure(
      call({ url: '/api/v2/questions', method: 'POST', body: {} }, { fetch }),
    );
    // Refused for its token, it asks once more and tries once more: then the refusal stands.
    expect(seen).toEqual([
      '/app-api/api/v2/xsrf-token',
      '/app-api/api/v2/questions',
      '/app-api/api/v2/xsrf-token',
      '/app-api/api/v2/questions',
    ]);
    expect(e).toMatchObject({
      status: 403,
      code: 'REQ/XSRF',
      message: '页面已过期，请刷新页面后重试',
    });
  });

  it('reads data files as they are, with a cache-buster and retries', async () => {
    const s = server(500, null);
    const e = await failure(call({ url: 'company/kj.json', file: true, retries: 2 }, s));
    expect(s.seen).toHaveLength(3);
    expect(s.seen[0]!.url).toMatch(/^\/sys-upload\/data\/json\/company\/kj\.json\?_t=\d+$/);
    expect(headers(s.seen[0]!).get('Company-Code')).toBeNull();
    expect(e).toMatchObject({ kind: 'http', status: 500, message: '请求失败，状态码 500' });
  });

  it("gives the server's words, or the catalogue's, for a failure", async () => {
    const refused = server(200, {
      code: 'REQ/INVALID',
      msg: '参数不对',
      data: { content: '太短' },
    });
    expect(await failure(call({ url: '/api/v2/questions' }, refused))).toMatchObject({
      kind: 'server',
      code: 'REQ/INVALID',
      message: '参数不对',
      data: { content: '太短' },
    });
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await failure(call({ url: '/x' }, { fetch: down }))).toMatchObject({
      kind: 'network',
      message: '网络异常，请检查网络连接',
    });
  });

  it('gives up after 20 s', async () => {
    vi.useFakeTimers();
    const hang = ((_: string, init: RequestInit) =>
      new Promise((_r, reject) =>
        init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as unknown as typeof fetch;
    const p = failure(call({ url: '/x' }, { fetch: hang }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await p).toMatchObject({ kind: 'timeout', message: '请求超时，请稍后重试' });
    vi.useRealTimers();
  });

  it('fails a call whose body is cut short or not JSON, never answering null', async () => {
    const garbled = (async () =>
      new Response('{"code":"OK","da', { status: 200 })) as unknown as typeof fetch;
    expect(await failure(call({ url: '/x' }, { fetch: garbled }))).toMatchObject({
      kind: 'network',
      message: '网络异常，请检查网络连接',
    });
    // Aborted once the headers came: the body never arrives.
    const controller = new AbortController();
    const cut = (async (_: string, init: RequestInit) => {
      const body = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"code":"OK",'));
          init.signal!.addEventListener('abort', () => c.error(new Error('aborted')));
        },
      });
      queueMicrotask(() => controller.abort());
      return new Response(body, { status: 200 });
    }) as unknown as typeof fetch;
    expect(
      await failure(call({ url: '/x' }, { fetch: cut, signal: controller.signal })),
    ).toMatchObject({ kind: 'aborted' });
  });

  it('ends the session on 401, and on a dead token except for the session probe', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    storage.set('access_token', 'tok');
    await failure(call({ url: '/v/api/user/collections' }, server(401, { msg: '请先登录' })));
    expect(storage.get('access_token')).toBeNull();
    expect(ended).toHaveBeenLastCalledWith({ reason: 'unauthorized', message: '请先登录' });

    storage.set('access_token', 'tok');
    const dead = { code: 'UC/TOKEN_INVALID', msg: '无效' };
    await failure(call({ url: '/v/api/user/info' }, server(400, dead)));
    expect(storage.get('access_token')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    storage.set('access_token', 'tok');
    await failure(call({ url: '/v/api/user/collections' }, server(400, dead)));
    expect(ended).toHaveBeenLastCalledWith({ reason: 'token-invalid', message: null });
    stop();
  });

  it('sends another service (the chat) its own token and none of ours, and its 401 ends nothing', async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    storage.set('access_token', 'tok');
    document.cookie = 'XSRF-TOKEN=abc';
    const service = { base: 'https://chat.example.com/chat-api', bearer: 'chat-tok' };
    const s = server(401, { code: 'UC/UNAUTHORIZED', msg: '请先登录' });
    const e = await failure(
      call({ url: '/mutes', method: 'POST', body: { memberId: 7, minutes: 10 }, service }, s),
    );
    expect(e).toMatchObject({ status: 401, code: 'UC/UNAUTHORIZED', message: '请先登录' });
    expect(s.seen).toHaveLength(1);
    expect(s.seen[0]!.url).toBe('https://chat.example.com/chat-api/mutes');
    const h = headers(s.seen[0]!);
    expect(h.get('Authorization')).toBe('Bearer chat-tok');
    expect(h.get('content-type')).toBe('application/json');
    for (const ours of ['Company-Code', 'token', 'X-XSRF-TOKEN']) expect(h.get(ours)).toBeNull();
    expect(storage.get('access_token')).toBe('tok');
    expect(ended).not.toHaveBeenCalled();
    stop();
  });
});
