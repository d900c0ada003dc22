import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { LazyChildLogger, lazyChildLoggerFactory } from '../../src/lib/lazy-logger.ts';
import { withLogRedaction } from '../../src/lib/log-redaction.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** The app's own logger settings (redaction included), writing to `stream`. */
function appLogger(stream: Writable, level = 'info'): FastifyBaseLogger {
  const options = withLogRedaction({ level }) as pino.LoggerOptions;
  return pino(options, stream) as unknown as FastifyBaseLogger;
}

describe('a request logger made on its first line', () => {
  it('makes no child for a request that writes nothing, nor for a line below the level', () => {
    const { lines, stream } = capture();
    const parent = appLogger(stream);
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-1' }, {});
    log.debug('not written');
    log.trace({ a: 1 }, 'not written');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it("writes the line with the request's bindings, through the redaction, making the child once", async () => {
    const { lines, stream } = capture();
    const parent = appLogger(stream);
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-2' }, {});
    log.info({ password: 'hunter2', user: { token: 't' } }, 'first');
    log.warn('second');
    expect(child).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(lines).toHaveLength(2));
    expect(lines[0]).toMatchObject({ reqId: 'req-2', msg: 'first', password: '[Redacted]' });
    expect((lines[0]!.user as Record<string, unknown>).token).toBe('[Redacted]');
    expect(lines[1]).toMatchObject({ reqId: 'req-2', msg: 'second', level: 40 });
  });

  it("follows a route's own level and the level set on it", async () => {
    const { lines, stream } = capture();
    const parent = appLogger(stream);
    const log = lazyChildLoggerFactory(parent, { reqId: 'req-3' }, { level: 'debug' });
    expect(log.level).toBe('debug');
    log.debug('route at debug');
    log.level = 'error';
    log.warn('now below');
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({ reqId: 'req-3', msg: 'route at debug' });
    expect(new LazyChildLogger(parent, {}, {}).isLevelEnabled('debug')).toBe(false);
  });

  it('gives a child of its own with both bindings', async () => {
    const { lines, stream } = capture();
    const log = lazyChildLoggerFactory(appLogger(stream), { reqId: 'req-4' }, {});
    log.child({ room: 7 }).info('in a room');
    await vi.waitFor(() => expect(lines).toHaveLength(1));
    expect(lines[0]).toMatchObject({ reqId: 'req-4', room: 7, msg: 'in a room' });
  });
});

describe('the app with the lazy request logger', () => {
  const { lines, stream } = capture();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { accessLog: 'notable' },
      {
        logger: { level: 'info', stream },
        extend: (app) => {
          app.get('/app-api/test/logs', async (request) => {
            request.log.info({ token: 'secret' }, 'handler line');
            return { code: 'OK', msg: 'ok', data: null };
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  it("writes a handler's line and a refused request's line with the request id", async () => {
    await t.app.inject({ url: '/app-api/test/logs' });
    await t.app.inject({ url: '/app-api/api/v2/draws/latest?gameId=abc' });
    await vi.waitFor(() => {
      const handler = lines.find((l) => l.msg === 'handler line');
      expect(handler).toMatchObject({ token: '[Redacted]' });
      expect(handler!.reqId).toEqual(expect.any(String));
      const refused = lines.find(
        (l) => l.msg === 'request' && (l.res as { statusCode?: number })?.statusCode === 400,
      );
      expect(refused!.reqId).toEqual(expect.any(String));
      expect(refused!.reqId).not.toBe(handler!.reqId);
    });
  });
});
