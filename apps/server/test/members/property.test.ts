// Random bodies, headers and tokens at every member call: never a 5xx, always an envelope, and a
// refused call writes nothing.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xsrfPair } from '../helpers/test-app.ts';
import { form, memberApp, nextAddress, registered, URLS, type TestApp } from './member-helpers.ts';

const CALLS: { method: 'GET' | 'POST' | 'DELETE'; url: string }[] = [
  { method: 'POST', url: URLS.login },
  { method: 'POST', url: URLS.reg },
  { method: 'GET', url: URLS.logout },
  { method: 'GET', url: URLS.info },
  { method: 'POST', url: URLS.password },
  { method: 'POST', url: URLS.updateInfo },
  { method: 'GET', url: URLS.messages },
  { method: 'GET', url: `${URLS.messages}/unread-count` },
  { method: 'POST', url: `${URLS.messages}/1/read` },
  { method: 'POST', url: `${URLS.messages}/read-all` },
  { method: 'GET', url: URLS.collections },
  { method: 'GET', url: `${URLS.collections}/check` },
  { method: 'POST', url: URLS.collections },
  { method: 'DELETE', url: `${URLS.collections}/1` },
  { method: 'DELETE', url: URLS.collections },
];

const FIELDS = [
  'username',
  'password',
  'nickname',
  'phone',
  'avatar',
  'type',
  'oldPassword',
  'newPassword',
  'kind',
  'refId',
  'title',
  'page',
  'pageSize',
  '__proto__',
  'constructor',
];

const value = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom('login', 'withdraw', 'news', 'draw', '110:2026001', 'violet-harbour-42', ''),
  fc.integer().map(String),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const fields = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })),
  value,
  {
    maxKeys: 8,
  },
);

type Body =
  | { kind: 'form'; fields: Record<string, string> }
  | { kind: 'json'; value: unknown }
  | { kind: 'multipart'; fields: Record<string, string> }
  | { kind: 'raw'; bytes: Uint8Array; type: string }
  | { kind: 'none' };

const body: fc.Arbitrary<Body> = fc.oneof(
  fields.map((f) => ({ kind: 'form' as const, fields: f })),
  fc.oneof(fields, fc.jsonValue({ maxDepth: 3 })).map((v) => ({ kind: 'json' as const, value: v })),
  fields.map((f) => ({ kind: 'multipart' as const, fields: f })),
  fc
    .record({
      bytes: fc.uint8Array({ maxLength: 300 }),
      type: fc.constantFrom(
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'multipart/form-data',
        'text/plain',
        'application/octet-stream',
        'application/json; charset=utf-16',
      ),
    })
    .map((r) => ({ kind: 'raw' as const, ...r })),
  fc.constant({ kind: 'none' as const }),
);

type TokenChoice = 'valid' | 'none' | { junk: string };
const token: fc.Arbitrary<TokenChoice> = fc.oneof(
  fc.constant('valid' as const),
  fc.constant('none' as const),
  fc.string({ maxLength: 60 }).map((junk) => ({ junk })),
  fc.base64String({ minLength: 40, maxLength: 44 }).map((junk) => ({ junk })),
);

const headerStyle = fc.constantFrom('authorization', 'bearer', 'token', 'both', 'conflicting');

const query = fc.option(
  fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS, '_t'), fc.string({ maxLength: 8 })), value, {
    maxKeys: 4,
  }),
  {
    nil: undefined,
  },
);

function encode(b: Body): { payload?: string | Buffer; type?: string } {
  switch (b.kind) {
    case 'form':
      return { payload: form(b.fields), type: 'application/x-www-form-urlencoded' };
    case 'json':
      return { payload: JSON.stringify(b.value) ?? 'null', type: 'application/json' };
    case 'multipart': {
      const boundary = 'fcboundary';
      const parts = Object.entries(b.fields).map(
        ([k, v]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${v}\r\n`,
      );
      return {
        payload: parts.join('') + `--${boundary}--\r\n`,
        type: `multipart/form-data; boundary=${boundary}`,
      };
    }
    case 'raw':
      return { payload: Buffer.from(b.bytes), type: b.type };
    case 'none':
      return {};
  }
}

async function snapshot(app: FastifyInstance) {
  const hashes = await app.db
    .selectFrom('members')
    .select(['id', 'password_hash', 'withdraw_hash', 'nickname', 'phone', 'avatar'])
    .orderBy('id')
    .execute();
  const read = await app.db
    .selectFrom('member_messages')
    .select(['id', 'read_at'])
    .orderBy('id')
    .execute();
  return JSON.stringify({
    members: hashes,
    sessions: await app.repos.sessions.count(),
    messages: read,
    collections: await app.repos.collections.countAll(),
  });
}

describe('every member call under random input', () => {
  let t: TestApp;
  let valid: string;
  let xsrf: { cookie: string; token: string };
  beforeAll(async () => {
    t = await memberApp();
    valid = (await registered(t.app)).token;
    xsrf = await xsrfPair(t.app);
  });
  afterAll(() => t.close());

  it('never answers 5xx, always an envelope, writes nothing when refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CALLS),
        body,
        token,
        headerStyle,
        query,
        fc.boolean(),
        async (call, b, tok, style, q, withXsrf) => {
          const tokenValue = tok === 'valid' ? valid : tok === 'none' ? undefined : tok.junk;
          const headers: Record<string, string> = {};
          if (tokenValue !== undefined) {
            if (style === 'authorization' || style === 'both') headers.authorization = tokenValue;
            if (style === 'bearer') headers.authorization = `Bearer ${tokenValue}`;
            if (style === 'token' || style === 'both') headers.token = tokenValue;
            if (style === 'conflicting') {
              headers.authorization = tokenValue;
              headers.token = 'something-else';
            }
          }
          if (withXsrf) {
            headers.cookie = xsrf.cookie;
            headers['x-xsrf-token'] = xsrf.token;
          }
          const { payload, type } = call.method === 'GET' ? {} : encode(b);
          if (type) headers['content-type'] = type;
          const url = q ? `${call.url}?${form(q)}` : call.url;

          const before = await snapshot(t.app);
          const res = await t.app.inject({
            method: call.method,
            url,
            headers,
            remoteAddress: nextAddress(),
            ...(payload !== undefined && { payload }),
          });
          expect(res.statusCode, `${call.method} ${url} → ${res.body}`).toBeLessThan(500);
          const json = res.json();
          expect(typeof json.code).toBe('string');
          expect(typeof json.msg).toBe('string');
          expect('data' in json).toBe(true);
          if (res.statusCode !== 200) {
            expect(json.code).not.toBe('OK');
            expect(await snapshot(t.app), `${call.method} ${url} refused but wrote`).toBe(before);
          } else {
            expect(json.code).toBe('OK');
          }
          // A valid token that this run logged out or replaced: start the next run signed in.
          if (
            (await t.app.inject({ url: URLS.info, headers: { authorization: valid } }))
              .statusCode !== 200
          ) {
            valid = (await registered(t.app)).token;
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
