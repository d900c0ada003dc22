// Wrong ADMIN_TOKEN guesses are throttled per address key (issue 41): 150 guesses from one IPv6
// /64 get 403 ten times, then 429 with Retry-After, the right token included, while another
// address is not held back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ADMIN = 'q8Vn3xT0bZ5rL2mK7wH4cJ9pF1sD6gY0aE3uR8tN';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ adminToken: ADMIN });
});
afterAll(async () => t.close());

const call = (token: string, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: '/app-api/admin/games/110/source',
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
  });

it('answers 429 with Retry-After after ten wrong guesses from one /64, to the right token too', async () => {
  const statuses: number[] = [];
  let retryAfter: string | undefined;
  for (let i = 0; i < 150; i++) {
    // A new address of the same /64 each time, as a host picks at will.
    const res = await call(
      `guess-${i}-${'x'.repeat(30)}`,
      `2001:db8:7:9:${(i + 1).toString(16)}::1`,
    );
    statuses.push(res.statusCode);
    if (res.statusCode === 429) {
      retryAfter = res.headers['retry-after'] as string;
      expect(res.json().code).toBe('REQ/RATE_LIMITED');
    }
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
  expect(statuses.slice(10)).toEqual(Array(140).fill(429));
  expect(Number(retryAfter)).toBeGreaterThan(800);
  expect(Number(retryAfter)).toBeLessThanOrEqual(900);
  // The lock does not tell a right guess from a wrong one.
  expect((await call(ADMIN, '2001:db8:7:9:abcd::2')).statusCode).toBe(429);
  // Another /64 and an IPv4 address are not held back.
  expect((await call('wrong-but-elsewhere-token-000000', '2001:db8:7:a::1')).statusCode).toBe(403);
  expect((await call(ADMIN, '203.0.113.9')).statusCode).toBe(200);
});
