import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/lib/log-redaction.ts';
import { createPasswordHasher, DEFAULT_SCRYPT } from '../../src/services/members/password.ts';
import { commonPasswords, passwordProblem } from '../../src/services/members/password-policy.ts';
import { tokenHash } from '../../src/services/members/tokens.ts';
import { client, memberApp, uniqueName, URLS, type TestApp } from './member-helpers.ts';

describe('no secret in a log line', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Every request's line, GETs included: the notable-only default would prove less.
    t = await memberApp({ accessLog: 'all' }, { logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  it('logs requests and errors without passwords, tokens or hashes', async () => {
    const c = await client(t.app);
    const username = uniqueName('log');
    const password = 'Secret-Pass-Phrase-1';
    const newPassword = 'Other-Secret-Phrase-2';
    const reg = await c.post(URLS.reg, { username, password });
    const token = reg.json().data.token as string;
    await c.post(URLS.login, { username, password: 'Wrong-Secret-Phrase-3' });
    const second = (await c.post(URLS.login, { username, password })).json().data.token as string;
    await c.get(URLS.info, token);
    await c.send({ method: 'GET', url: URLS.info, headers: { authorization: `Bearer ${second}` } });
    await c.post(`${URLS.login}?password=Query-Secret-Phrase-4&token=${token}`, {
      username,
      password,
    });
    await c.post(URLS.password, { type: 'login', oldPassword: password, newPassword }, token);
    // JSON.parse errors quote the text they choke on.
    await c.send({
      method: 'POST',
      url: URLS.login,
      payload: `{"username":"${username}","password":"Json-Secret-Phrase-5"`,
      headers: { 'content-type': 'application/json' },
    });
    await c.get(URLS.logout, token);

    const member = await t.app.repos.members.findByUsername(username);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain(URLS.login);
    for (const secret of [
      password,
      newPassword,
      'Wrong-Secret-Phrase-3',
      'Query-Secret-Phrase-4',
      'Json-Secret-Phrase-5',
      token,
      second,
      tokenHash(token),
      member!.passwordHash,
      member!.passwordHash.split('$')[5]!,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('[Redacted]');
  });

  it('redacts secret query parameters in URLs', () => {
    expect(redactUrl('/a?x=1&password=p&NewPassword=q&token=t&_t=2')).toBe(
      '/a?x=1&password=[Redacted]&NewPassword=[Redacted]&token=[Redacted]&_t=2',
    );
    expect(redactUrl('/a')).toBe('/a');
  });
});

describe('password hashing and policy', () => {
  it('uses scrypt N=2^17, r=8, p=1 by default, verifies and salts', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ logN: 17, r: 8, p: 1 });
    const hasher = createPasswordHasher();
    const t0 = performance.now();
    const stored = await hasher.hash('violet-harbour-42', 'ip:a');
    const ms = performance.now() - t0;
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(ms).toBeGreaterThan(20);
    expect(await hasher.verify('violet-harbour-42', stored, 'ip:a')).toBe(true);
    expect(await hasher.verify('violet-harbour-43', stored, 'ip:a')).toBe(false);
    expect(await hasher.hash('violet-harbour-42', 'ip:a')).not.toBe(stored);
    expect(hasher.needsRehash(stored)).toBe(false);
    expect(hasher.needsRehash('scrypt$14$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(43))).toBe(true);
    expect(await hasher.verify('x', 'garbage', 'ip:a')).toBe(false);
    expect(
      await hasher.verify('x', `scrypt$40$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`, 'ip:a'),
    ).toBe(false);
  }, 30_000);

  it('runs at most `concurrency` hashes and refuses beyond the queue', async () => {
    const hasher = createPasswordHasher({ logN: 12, r: 8, p: 1 }, { concurrency: 2, queue: 3 });
    let peak = 0;
    const jobs = Array.from({ length: 5 }, (_, i) =>
      hasher.hash('violet-harbour-42', `ip:${i}`).finally(() => {
        peak = Math.max(peak, hasher.stats().running);
      }),
    );
    expect(hasher.stats()).toEqual({ running: 2, waiting: 3, keys: 3 });
    await expect(hasher.hash('one-too-many-1', 'ip:9')).rejects.toThrow(/queue is full/);
    await Promise.all(jobs);
    expect(peak).toBeLessThanOrEqual(2);
    expect(hasher.stats()).toEqual({ running: 0, waiting: 0, keys: 0 });
  });

  it('ships a few thousand common passwords and refuses them ignoring case', () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(3000);
    for (const p of [
      '12345678',
      'password',
      'qwertyui',
      '11111111',
      'iloveyou',
      '1qaz2wsx',
      'woaini1314',
      'a123456789',
    ]) {
      expect(list.has(p), p).toBe(true);
      expect(passwordProblem(p.toUpperCase())).not.toBeNull();
    }
    expect(passwordProblem('violet-harbour-42')).toBeNull();
    expect(passwordProblem('短密码')).toMatch(/8/);
  });
});
