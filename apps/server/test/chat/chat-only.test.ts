// CHAT_ONLY=true: the chat service as a process of its own on the site's database (docs/architecture.md §10).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { FAST_HASH, registered } from '../members/member-helpers.ts';

describe('the chat as a process of its own', () => {
  let env: TestEnv;
  let site: FastifyInstance;
  let chat: FastifyInstance;

  beforeAll(async () => {
    env = await createTestEnv();
    site = await buildTestApp(env, { ...FAST_HASH, chatUrl: 'https://chat.example.com/chat-api' });
    chat = await buildTestApp(env, { ...FAST_HASH, chatOnly: true });
  });
  afterAll(async () => {
    await chat?.close();
    await site?.close();
    await env?.cleanup();
  });

  it('reads CHAT_ONLY from the environment', () => {
    expect(loadConfig({ CHAT_ONLY: 'true' }).chatOnly).toBe(true);
    expect(loadConfig({}).chatOnly).toBe(false);
    expect(() => loadConfig({ CHAT_ONLY: 'maybe' })).toThrow(/CHAT_ONLY/);
  });

  it('opens a session from the site’s ticket, and serves only the chat', async () => {
    const { token, c } = await registered(site);
    const ticket = (
      await c.send({ method: 'POST', url: '/app-api/api/v2/chat/ticket' }, token)
    ).json().data as { chatLoginToken: string; chatUrl: string };
    // The site tells the web where the chat is.
    expect(ticket.chatUrl).toBe('https://chat.example.com/chat-api');
    const session = await chat.inject({
      method: 'POST',
      url: '/chat-api/session',
      headers: { authorization: `Bearer ${ticket.chatLoginToken}` },
    });
    expect(session.statusCode).toBe(200);
    expect((await chat.inject({ url: '/chat-api/rooms' })).statusCode).toBe(200);
    expect((await chat.inject({ url: '/app-api/health' })).statusCode).toBe(200);
    // No draws, members' calls, tickets or pages here.
    expect((await chat.inject({ url: '/app-api/api/v2/draws/latest?gameId=110' })).statusCode).toBe(
      404,
    );
    expect(
      (await chat.inject({ method: 'POST', url: '/app-api/api/v2/chat/ticket' })).statusCode,
    ).not.toBe(200);
    const page = await chat.inject({ url: '/game/110', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
  });
});
