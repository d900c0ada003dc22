import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/services/members/tokens.ts';
import {
  client,
  GOOD_PASSWORD,
  memberApp,
  registered,
  uniqueName,
  URLS,
  type TestApp,
} from './member-helpers.ts';

const envelope = (code: string) => ({ code, msg: expect.any(String), data: null });

describe('member sign-up, sign-in and account (docs/architecture.md §4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
  });
  afterAll(() => t.close());

  describe('POST /v/user/reg', () => {
    it('registers, signs in and leaves a welcome message', async () => {
      const c = await client(t.app);
      const username = uniqueName('Reg');
      const res = await c.post(URLS.reg, {
        username,
        password: GOOD_PASSWORD,
        nickname: '  小明 ',
        phone: '13812345678',
      });
      expect(res.statusCode).toBe(200);
      const { token } = res.json().data;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const info = await c.get(`${URLS.info}?_t=${Date.now()}`, token);
      expect(info.statusCode).toBe(200);
      expect(info.headers['cache-control']).toBe('no-store');
      const { userInfo, extInfo } = info.json().data;
      expect(userInfo).toEqual({
        id: expect.any(Number),
        username,
        nickname: '小明',
        phone: '13812345678',
        avatar: '',
        rebate: 8,
        balance: 0,
        hasWithdrawPassword: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(extInfo).toEqual({ unreadMessages: 1, collections: 0 });

      const inbox = await c.get(URLS.messages, token);
      expect(inbox.json().data.items[0]).toMatchObject({ title: expect.stringContaining('欢迎') });
    });

    it('accepts multipart forms too', async () => {
      const c = await client(t.app);
      const boundary = '----kj';
      const username = uniqueName('mp');
      const body =
        [
          ['username', username],
          ['password', GOOD_PASSWORD],
        ]
          .map(
            ([k, v]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      const res = await c.send({
        method: 'POST',
        url: URLS.reg,
        payload: body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const login = await c.post(URLS.login, { username, password: GOOD_PASSWORD });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a taken username in any letter case: 400 UC/USERNAME_TAKEN', async () => {
      const { username } = await registered(t.app);
      const c = await client(t.app);
      const res = await c.post(URLS.reg, {
        username: username.toUpperCase(),
        password: GOOD_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'UC/USERNAME_TAKEN',
        msg: '该用户名已被注册',
        data: { username: expect.any(String) },
      });
    });

    it('refuses common passwords and ones containing the username: 400 UC/BAD_PASSWORD', async () => {
      const c = await client(t.app);
      for (const password of [
        '12345678',
        'password',
        'qwertyui',
        '11111111',
        'iloveyou',
        'PassWord123',
      ]) {
        const res = await c.post(URLS.reg, { username: uniqueName(), password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json().code, password).toBe('UC/BAD_PASSWORD');
        expect(res.json().data).toEqual({ password: expect.any(String) });
      }
      const name = uniqueName('zed');
      const res = await c.post(URLS.reg, { username: name, password: `${name}!!` });
      expect(res.json().code).toBe('UC/BAD_PASSWORD');
    });

    it('checks every field: 400 REQ/INVALID with a field → message map', async () => {
      const c = await client(t.app);
      const cases: [Record<string, string>, string][] = [
        [{ password: GOOD_PASSWORD }, 'username'],
        [{ username: 'abc', password: GOOD_PASSWORD }, 'username'],
        [{ username: 'a'.repeat(17), password: GOOD_PASSWORD }, 'username'],
        [{ username: 'bad name', password: GOOD_PASSWORD }, 'username'],
        [{ username: '用户名字', password: GOOD_PASSWORD }, 'username'],
        [{ username: uniqueName() }, 'password'],
        [{ username: uniqueName(), password: 'short7!' }, 'password'],
        [{ username: uniqueName(), password: 'x'.repeat(65) }, 'password'],
        [{ username: uniqueName(), password: GOOD_PASSWORD, phone: 'call me' }, 'phone'],
        [{ username: uniqueName(), password: GOOD_PASSWORD, nickname: 'n'.repeat(33) }, 'nickname'],
        [{ username: uniqueName(), password: GOOD_PASSWORD, nickname: 'a\u0007b' }, 'nickname'],
      ];
      for (const [fields, field] of cases) {
        const res = await c.post(URLS.reg, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        const body = res.json();
        expect(body.code).toBe('REQ/INVALID');
        expect(Object.keys(body.data), JSON.stringify(fields)).toContain(field);
        expect(body.data[field]).toMatch(/[\u4e00-\u9fff]/);
      }
    });

    it('accepts 8 and 64 character passwords, with no composition rules', async () => {
      const c = await client(t.app);
      for (const password of ['mountain', 'm'.repeat(60) + 'ount']) {
        const res = await c.post(URLS.reg, { username: uniqueName(), password });
        expect(res.statusCode, password).toBe(200);
      }
    });
  });

  describe('POST /v/user/login', () => {
    it('answers a token for the right password, any username case', async () => {
      const { username, password } = await registered(t.app);
      const c = await client(t.app);
      const res = await c.post(URLS.login, { username: username.toLowerCase(), password });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'OK', msg: 'ok', data: { token: expect.any(String) } });
    });

    it('says the same for a wrong password and an unknown user: UC/BAD_CREDENTIALS', async () => {
      const { username } = await registered(t.app);
      const c = await client(t.app);
      const wrong = await c.post(URLS.login, { username, password: 'not-the-password' });
      const unknown = await c.post(URLS.login, {
        username: uniqueName('nobody'),
        password: 'whatever1',
      });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'UC/BAD_CREDENTIALS',
          msg: '用户名或密码错误',
          data: null,
        });
      }
    });

    it('refuses passwords in the query string, on every call that takes one', async () => {
      const { token } = await registered(t.app);
      const c = await client(t.app);
      for (const url of [
        `${URLS.login}?password=secret-123`,
        `${URLS.reg}?password=secret-123`,
        `${URLS.password}?type=login&oldPassword=a&newPassword=secret-123`,
      ]) {
        const res = await c.post(url, { username: uniqueName(), password: GOOD_PASSWORD }, token);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('REQ/INVALID');
      }
    });

    it('needs the anti-forgery pair and refuses cross-site requests: 403 REQ/XSRF', async () => {
      const { username, password } = await registered(t.app);
      const bare = await t.app.inject({
        method: 'POST',
        url: URLS.login,
        payload: `username=${username}&password=${password}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(bare.statusCode).toBe(403);
      expect(bare.json()).toEqual(envelope('REQ/XSRF'));
      const c = await client(t.app);
      for (const headers of [
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site', origin: 'https://a.localhost' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
      ]) {
        const res = await c.send({
          method: 'POST',
          url: URLS.login,
          payload: `username=${username}&password=${password}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.json().code).toBe('REQ/XSRF');
      }
      const same = await c.send({
        method: 'POST',
        url: URLS.login,
        payload: `username=${username}&password=${password}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          origin: 'http://kj.test:8080',
          host: 'kj.test:8080',
        },
      });
      expect(same.statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    it('accepts Authorization, Bearer and the token header alone', async () => {
      const { token, c } = await registered(t.app);
      for (const headers of [
        { authorization: token },
        { authorization: `Bearer ${token}` },
        { token },
      ]) {
        const res = await c.send({ method: 'GET', url: URLS.info, headers });
        expect(res.statusCode, JSON.stringify(Object.keys(headers))).toBe(200);
      }
    });

    it('answers 401 UC/UNAUTHORIZED without a token and 400 UC/TOKEN_INVALID for a bad one', async () => {
      const c = await client(t.app);
      for (const url of [URLS.info, URLS.logout, URLS.messages, URLS.collections]) {
        const none = await c.get(url);
        expect(none.statusCode, url).toBe(401);
        expect(none.json()).toEqual({
          code: 'UC/UNAUTHORIZED',
          msg: expect.any(String),
          data: null,
        });
        for (const bogus of ['bogus', 'x'.repeat(43), 'Bearer', `${'A'.repeat(42)}=`]) {
          const bad = await c.get(url, bogus);
          expect(bad.statusCode, `${url} ${bogus}`).toBe(400);
          expect(bad.json().code).toBe('UC/TOKEN_INVALID');
        }
      }
    });

    it('stores only a SHA-256 of each token', async () => {
      const { token } = await registered(t.app);
      const rows = await t.app.db.selectFrom('member_sessions').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).toContain(tokenHash(token));
      expect(rows.map((r) => r.token_hash)).not.toContain(token);
      const members = await t.app.db.selectFrom('members').select('password_hash').execute();
      for (const m of members) expect(m.password_hash).toMatch(/^scrypt\$10\$8\$1\$/);
    });

    it('logout revokes the token and nothing else', async () => {
      const { username, password, token, c } = await registered(t.app);
      const other = (await c.post(URLS.login, { username, password })).json().data.token;
      const out = await c.get(URLS.logout, token);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ code: 'OK', msg: 'ok', data: true });
      const after = await c.get(URLS.info, token);
      expect(after.statusCode).toBe(400);
      expect(after.json().code).toBe('UC/TOKEN_INVALID');
      expect((await c.get(URLS.info, other)).statusCode).toBe(200);
      expect((await c.get(URLS.logout, token)).json().code).toBe('UC/TOKEN_INVALID');
    });
  });

  describe('POST /api/user/updatePassword', () => {
    it('changes the login password and ends every other session', async () => {
      const { username, password, token, c } = await registered(t.app);
      const other = (await c.post(URLS.login, { username, password })).json().data.token;
      const res = await c.post(
        URLS.password,
        { type: 'login', oldPassword: password, newPassword: 'copper-lantern-77' },
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toBe(true);
      expect((await c.get(URLS.info, token)).statusCode).toBe(200);
      const revoked = await c.get(URLS.info, other);
      expect(revoked.json().code).toBe('UC/TOKEN_INVALID');
      expect((await c.post(URLS.login, { username, password })).json().code).toBe(
        'UC/BAD_CREDENTIALS',
      );
      expect(
        (await c.post(URLS.login, { username, password: 'copper-lantern-77' })).statusCode,
      ).toBe(200);
    });

    it('refuses a wrong old password, a missing one, a same or a common new one', async () => {
      const { password, token, c } = await registered(t.app);
      const cases: [Record<string, string>, string, string][] = [
        [
          { type: 'login', oldPassword: 'wrong-password', newPassword: 'copper-lantern-77' },
          'UC/BAD_PASSWORD',
          'oldPassword',
        ],
        [{ type: 'login', newPassword: 'copper-lantern-77' }, 'REQ/INVALID', 'oldPassword'],
        [
          { type: 'login', oldPassword: password, newPassword: password },
          'UC/BAD_PASSWORD',
          'newPassword',
        ],
        [
          { type: 'login', oldPassword: password, newPassword: 'password123' },
          'UC/BAD_PASSWORD',
          'newPassword',
        ],
        [
          { type: 'login', oldPassword: password, newPassword: 'short' },
          'REQ/INVALID',
          'newPassword',
        ],
        [
          { type: 'pin', oldPassword: password, newPassword: 'copper-lantern-77' },
          'REQ/INVALID',
          'type',
        ],
      ];
      for (const [fields, code, field] of cases) {
        const res = await c.post(URLS.password, fields, token);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().code, JSON.stringify(fields)).toBe(code);
        expect(Object.keys(res.json().data)).toContain(field);
      }
      expect((await c.post(URLS.login, { username: 'x', password })).statusCode).toBe(400);
    });

    it('sets the withdrawal password once, then needs the old one to change it', async () => {
      const { token, c } = await registered(t.app);
      const set = await c.post(
        URLS.password,
        { type: 'withdraw', newPassword: 'vault-door-9981' },
        token,
      );
      expect(set.statusCode, set.body).toBe(200);
      expect((await c.get(URLS.info, token)).json().data.userInfo.hasWithdrawPassword).toBe(true);
      const missing = await c.post(
        URLS.password,
        { type: 'withdraw', newPassword: 'vault-door-0000' },
        token,
      );
      expect(missing.json().code).toBe('REQ/INVALID');
      const wrong = await c.post(
        URLS.password,
        { type: 'withdraw', oldPassword: 'not-it-at-all', newPassword: 'vault-door-0000' },
        token,
      );
      expect(wrong.json().code).toBe('UC/BAD_PASSWORD');
      const changed = await c.post(
        URLS.password,
        { type: 'withdraw', oldPassword: 'vault-door-9981', newPassword: 'vault-door-0000' },
        token,
      );
      expect(changed.statusCode).toBe(200);
      // A withdrawal password change leaves sessions alone.
      expect((await c.get(URLS.info, token)).statusCode).toBe(200);
    });
  });

  describe('POST /api/user/updateInfo', () => {
    it('edits nickname, phone and avatar; omitted fields stay', async () => {
      const { token, c } = await registered(t.app, { nickname: '旧昵称' });
      const res = await c.post(
        URLS.updateInfo,
        { phone: '+86 138-1234-5678', avatar: '/sys-upload/avatars/a.png' },
        token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        nickname: '旧昵称',
        phone: '+86 138-1234-5678',
        avatar: '/sys-upload/avatars/a.png',
      });
      const cleared = await c.post(URLS.updateInfo, { nickname: '' }, token);
      expect(cleared.json().data.nickname).toBe('');
    });

    it('refuses script URLs and bad phones', async () => {
      const { token, c } = await registered(t.app);
      for (const fields of [
        { avatar: 'javascript:alert(1)' },
        { avatar: 'data:image/png;base64,AAAA' },
        { avatar: 'https://x.example/a.png" onerror="x' },
        { phone: '12' },
      ]) {
        const res = await c.post(URLS.updateInfo, fields, token);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().code).toBe('REQ/INVALID');
      }
    });
  });

  it('never answers a password hash or token hash', async () => {
    const { token, c } = await registered(t.app);
    for (const url of [URLS.info, URLS.messages, URLS.collections]) {
      const body = (await c.get(url, token)).body;
      expect(body).not.toMatch(/scrypt\$|password_?hash|token_?hash/i);
    }
  });
});
