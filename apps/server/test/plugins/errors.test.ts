import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { createTestApp, xsrfPair } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

describe('envelope and error handling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend: (app) => {
          app.get('/app-api/test/crash', async () => {
            throw new Error('secret internals: password=hunter2 at /etc/kj');
          });
          app.get('/app-api/test/app-error', async () => {
            throw new AppError(400, 'UC/TOKEN_INVALID', '登录已失效', { reason: 'expired' });
          });
          app.post(
            '/app-api/test/validate',
            {
              schema: {
                body: Type.Object({
                  username: Type.String({ minLength: 4, maxLength: 16 }),
                  age: Type.Integer({ minimum: 18 }),
                }),
              },
            },
            async () => ({ code: 'OK', msg: 'ok', data: true }),
          );
          app.get(
            '/app-api/test/limited',
            { config: { rateLimit: { max: 1, timeWindow: 60_000 } } },
            async () => ({ code: 'OK', msg: 'ok', data: true }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers unknown /app-api paths with 404 NOT_FOUND, even for browsers', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await t.app.inject({ url: '/app-api/v/nothing', headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: '请求的资源不存在', data: null });
    }
  });

  it('hides internals of a crash behind 500 SYS/ERROR', async () => {
    const res = await t.app.inject('/app-api/test/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'SYS/ERROR', msg: expect.any(String), data: null });
    expect(res.body).not.toMatch(/secret|hunter2|\/etc|stack|internals/i);
  });

  it('passes an AppError through', async () => {
    const res = await t.app.inject('/app-api/test/app-error');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'UC/TOKEN_INVALID',
      msg: '登录已失效',
      data: { reason: 'expired' },
    });
  });

  it('maps validation errors to 400 REQ/INVALID with a Chinese message per field', async () => {
    const { cookie, token } = await xsrfPair(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/validate',
      headers: { cookie, 'x-xsrf-token': token },
      payload: { username: 'ab' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('REQ/INVALID');
    // ajv stops at the first problem (allErrors is a DoS risk on untrusted input).
    expect(body.data).toEqual({ age: '不能为空' });
    const short = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/validate',
      headers: { cookie, 'x-xsrf-token': token },
      payload: { username: 'ab', age: 20 },
    });
    expect(short.json().data).toEqual({ username: '长度不能少于 4 个字符' });
  });

  it('answers malformed JSON with 400 REQ/INVALID', async () => {
    const { cookie, token } = await xsrfPair(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/validate',
      headers: { cookie, 'x-xsrf-token': token, 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQ/INVALID');
  });

  it('answers 429 REQ/RATE_LIMITED with Retry-After', async () => {
    expect((await t.app.inject('/app-api/test/limited')).statusCode).toBe(200);
    const res = await t.app.inject('/app-api/test/limited');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'REQ/RATE_LIMITED', data: null });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
