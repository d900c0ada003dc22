import { Session } from 'node:inspector/promises';
import fs from 'node:fs/promises';
const { buildApp } = await import('../src/app.ts');
const { loadConfig } = await import('../src/config.ts');
const config = loadConfig(process.env);
const app = await buildApp(config, {
  logger: { level: config.logLevel },
  extend: async (a) => {
  a.get('/app-api/bench-hello', async () => ({ hello: 'world' }));
  const { Type } = await import('typebox');
  const { GameId } = await import('../src/schemas/common.ts');
  const { readyAnswer, sendReady } = await import('../src/lib/ready-answer.ts');
  const big = readyAnswer({ x: 'a'.repeat(1500) + Math.random() });
  const buf = big.body('br');
  a.get('/app-api/bench-q', { schema: { querystring: Type.Object({ gameId: Type.Optional(GameId) }) } }, async () => ({ hello: 'world' }));
  a.get('/app-api/bench-buf', (_q, r) => { r.header('cache-control', 'public, max-age=1').header('vary', 'accept-encoding').type('application/json; charset=utf-8').header('etag', '"abc"').header('content-encoding', 'br'); r.send(buf); });
  a.get('/app-api/bench-ready', (q, r) => { sendReady(q, r, big, 'public, max-age=1'); });
  a.get('/app-api/bench-ready-async', async (q, r) => sendReady(q, r, big, 'public, max-age=1'));
},
});
await app.listen({ port: 18080, host: '127.0.0.1' });
const s = new Session(); s.connect();
await s.post('Profiler.enable');
process.on('SIGUSR2', () => void s.post('Profiler.start'));
process.on('SIGTERM', async () => {
  const { profile } = await s.post('Profiler.stop');
  await fs.mkdir('/tmp/prof', { recursive: true });
  await fs.writeFile('/tmp/prof/p.cpuprofile', JSON.stringify(profile));
  process.exit(0);
});
