// Console sign-in after issue 41: the password is never confirmed without the second factor, an
// operator without one gets in only through the owner's one-time link, and every sign-in is an
// audit entry. On the database of the run (SQLite, or PostgreSQL under scripts/with-postgres.sh).
import { ENROL_LINK_MS } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, memberApp, type TestApp } from '../members/member-helpers.ts';
import { C, consoleClient, operator } from './console-helpers.ts';

const ADMIN = 'Vx3kP9qLm2Rt7Zs4Nw8Yb6Hc1Jd5Fg0Ke';
let t: TestApp;

beforeAll(async () => {
  t = await memberApp({ adminToken: ADMIN });
});
afterAll(async () => t.close());

interface Entry {
  action: string;
  actor: string;
  address: string;
  after: { outcome?: string } | null;
}
const audit = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${C}/audit${query}`,
    headers: { authorization: `Bearer ${ADMIN}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as Entry[];
};

describe('an operator the owner adds', () => {
  it('enrols through the one-time link with the password, never with the password alone', async () => {
    const owner = await operator(t.app, 'owner');
    const add = await owner.call('POST', `${C}/operators`, {
      username: 'fresh_one',
      password: GOOD_PASSWORD,
      role: 'draw',
    });
    expect(add.statusCode, add.body).toBe(200);
    const { token, expiresAt } = add.json().data.enrol as { token: string; expiresAt: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(ENROL_LINK_MS - 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(ENROL_LINK_MS);

    // Whoever knows the password cannot claim the account: one answer, no session.
    const thief = await consoleClient(t.app, 'fresh_one');
    for (const code of ['000000', '123456', 'aaaa-bbbb-cccc']) {
      const r = await thief.signIn(code);
      expect(r.json().code).toBe('UC/BAD_CREDENTIALS');
      expect(r.cookies.find((k) => k.name === 'kj_console')).toBeUndefined();
    }
    expect((await thief.claim('A'.repeat(43))).json().code).toBe('UC/BAD_CREDENTIALS');

    // The link with a wrong password is refused and stays usable; with the right one it opens an
    // enrolment session, once.
    const typo = await consoleClient(t.app, 'fresh_one', 'not-the-password-7');
    expect((await typo.claim(token)).json().code).toBe('UC/BAD_CREDENTIALS');
    const op = await consoleClient(t.app, 'fresh_one');
    const claimed = await op.claim(token);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({
      stage: 'enrol',
      operator: { username: 'fresh_one' },
    });
    const again = await consoleClient(t.app, 'fresh_one');
    expect((await again.claim(token)).json().code).toBe('UC/BAD_CREDENTIALS');

    // A new link from the owner replaces an unused one; an expired one does not work.
    const id = add.json().data.id as number;
    const first = await owner.call('POST', `${C}/operators/${id}/enrol-link`);
    const second = await owner.call('POST', `${C}/operators/${id}/enrol-link`);
    expect(second.statusCode, second.body).toBe(200);
    expect((await again.claim(first.json().data.token)).json().code).toBe('UC/BAD_CREDENTIALS');
    await t.app.db
      .updateTable('operators')
      .set({ enrol_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await again.claim(second.json().data.token)).json().code).toBe('UC/BAD_CREDENTIALS');

    // Once enrolled, no link is issued, and the password with a code signs in.
    const third = (await owner.call('POST', `${C}/operators/${id}/enrol-link`)).json().data.token;
    const enrolled = await consoleClient(t.app, 'fresh_one');
    await enrolled.enrol(third);
    expect((await owner.call('POST', `${C}/operators/${id}/enrol-link`)).statusCode).toBe(400);
    expect((await enrolled.signIn(enrolled.code(1))).json().data.stage).toBe('full');

    const links = await audit('?action=operators.enrol-link');
    expect(links).toHaveLength(3);
    expect(JSON.stringify(links)).not.toContain(token);
    expect(await audit('?action=console.enrol.ok&actor=fresh_one')).toHaveLength(2);
    // The wrong password is named; the unknown, used, replaced and expired links are not.
    expect(await audit('?action=console.enrol.failed&actor=fresh_one')).toHaveLength(1);
    expect(await audit('?action=console.enrol.failed&actor=(未知)')).toHaveLength(4);
  });
});

describe('sign-ins in the audit log', () => {
  it('records successful, failed, recovery-code and locked sign-ins with who and where', async () => {
    await t.app.operators.create({ username: 'audited', password: GOOD_PASSWORD, role: 'editor' });
    const op = await consoleClient(t.app, 'audited');
    const recovery = await op.enrol();
    expect((await op.signIn(op.code(1))).statusCode).toBe(200);
    expect((await op.signIn(recovery[0])).statusCode).toBe(200);
    const wrong = await consoleClient(t.app, 'audited', 'wrong-password-55');
    for (let i = 0; i < 6; i++) await wrong.signIn('123456');
    // Refused while locked: written once for each account and address, not per attempt.
    for (let i = 0; i < 3; i++) expect((await op.signIn(op.code(2 + i))).statusCode).toBe(429);

    const mine = (await audit('?action=console.sign-in&actor=audited')).reverse();
    expect(mine.map((e) => e.action)).toEqual([
      'console.sign-in.ok',
      'console.sign-in.recovery',
      'console.sign-in.failed',
      'console.sign-in.failed',
      'console.sign-in.failed',
      'console.sign-in.failed',
      // The fifth wrong password starts the lock; the sixth, then the right one from another
      // address, are refused.
      'console.sign-in.locked',
      'console.sign-in.locked',
      'console.sign-in.locked',
    ]);
    expect(mine[0]).toMatchObject({ address: op.address, after: { outcome: 'ok' } });
    expect(mine[2]).toMatchObject({ address: wrong.address, after: { outcome: 'failed' } });
    expect(mine[6]).toMatchObject({ address: wrong.address, after: { outcome: 'locked' } });
    expect(mine[7]!.address).toBe(wrong.address);
    expect(mine[8]!.address).toBe(op.address);
    // The log's filter selects one kind.
    const failed = await audit('?action=console.sign-in.failed&actor=audited');
    expect(failed).toHaveLength(4);
    // A name nobody has is kept only when it could be one; anything else is not stored as typed.
    await (await consoleClient(t.app, 'nobody_here')).signIn('123456');
    await (await consoleClient(t.app, '<script>x</script>')).signIn('123456');
    const unknown = await audit('?action=console.sign-in.failed');
    expect(unknown[0]!.actor).toBe('(未知)');
    expect(unknown[1]!.actor).toBe('nobody_here');
  });
});
