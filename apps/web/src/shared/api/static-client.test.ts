import { describe, expect, it } from 'vitest';
import { createStaticClient } from './static-client';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('static data client', () => {
  it('reads /sys-upload/data/json files with a _t cache-buster and retries', async () => {
    const urls: string[] = [];
    const client = createStaticClient({
      staticHost: 'https://static.example/',
      now: () => 42,
      fetch: async (url) => {
        urls.push(url);
        if (urls.length < 3) throw new TypeError('Failed to fetch');
        return json({ name: 'kj' });
      },
    });
    await expect(client.getJson('company/kj.json', { retries: 2 })).resolves.toEqual({
      name: 'kj',
    });
    expect(urls).toHaveLength(3);
    expect(urls[0]).toBe('https://static.example/sys-upload/data/json/company/kj.json?_t=42');
  });

  it('gives up after the retries with the catalogue message', async () => {
    const client = createStaticClient({
      staticHost: '',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(client.getJson('games.json', { retries: 1 })).rejects.toMatchObject({
      kind: 'network',
      message: '网络异常，请检查网络连接',
    });
  });

  it('reports a status with the server message or the catalogue text', async () => {
    const withMsg = createStaticClient({
      staticHost: '',
      fetch: async () => json({ code: 'NOT_FOUND', msg: '请求的资源不存在', data: null }, 404),
    });
    await expect(withMsg.getJson('nope.json')).rejects.toMatchObject({
      status: 404,
      message: '请求的资源不存在',
    });
    const bare = createStaticClient({
      staticHost: '',
      fetch: async () => new Response('x', { status: 502 }),
    });
    await expect(bare.getJson('games.json')).rejects.toMatchObject({
      message: '请求失败，状态码 502',
    });
  });

  it('times out after the configured time', async () => {
    const client = createStaticClient({
      staticHost: '',
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    });
    await expect(client.getJson('games.json')).rejects.toMatchObject({
      kind: 'timeout',
      message: '请求超时，请稍后重试',
    });
  });

  it('tells an abort by the caller from a timeout', async () => {
    const controller = new AbortController();
    const client = createStaticClient({
      staticHost: '',
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ),
    });
    const pending = client.getJson('games.json', { signal: controller.signal, retries: 3 });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});
