import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, usingPostgres } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

describe('GET /app-api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports ok with the database kind and version', async () => {
    const res = await t.app.inject('/app-api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 'OK',
      msg: expect.any(String),
      data: {
        status: 'ok',
        db: usingPostgres() ? 'postgres' : 'sqlite',
        uptime: expect.any(Number),
        version: '1.0.2',
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database is gone', async () => {
    await t.app.database.close();
    const res = await t.app.inject('/app-api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SYS/ERROR', data: { status: 'degraded' } });
  });
});
