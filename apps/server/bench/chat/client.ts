// Client side of `bench chat`: readers in the room (a share of them per process), or the posting
// members, driven over IPC. Each socket has a loopback address of its own share (the chat allows
// 20 sockets and 30 messages a minute per address), like visitors behind their own connections.
import WebSocket from 'ws';
import { now, stamp, unstamp } from '../live/clock.ts';

export type ChatClientCommand =
  | { seq: number; type: 'readers'; url: string; count: number; room: string; hosts: string[] }
  | {
      seq: number;
      type: 'post';
      url: string;
      room: string;
      tokens: string[];
      hosts: string[];
      perSecond: number;
      seconds: number;
    }
  | { seq: number; type: 'progress' }
  | { seq: number; type: 'collect' }
  | { seq: number; type: 'close' };

const CONNECT_CONCURRENCY = 200;
const MARK = 'bench@';

export function runChatClient(): void {
  let sockets: WebSocket[] = [];
  let latencies: number[] = [];
  let ready = 0;
  let errors = 0;
  const reply = (m: Record<string, unknown>) => process.send!(m);

  function reader(url: string, room: string, host: string) {
    return new Promise<void>((resolve) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, localAddress: host });
      let joined = false;
      ws.on('message', (data: Buffer) => {
        const t = now();
        // Searched in the bytes: the client processes must not be what limits the figures.
        if (!joined && data.includes('"joined"')) {
          joined = true;
          ready++;
          return;
        }
        const at = data.indexOf(MARK);
        if (at >= 0) {
          const from = at + MARK.length;
          latencies.push(t - unstamp(data.toString('latin1', from, from + 27)));
        }
      });
      ws.once('open', () => {
        ws.send(JSON.stringify({ type: 'join', room }));
        resolve();
      });
      ws.once('error', (err) => {
        if (errors++ === 0) console.error(`bench chat reader: ${err.message}`);
        resolve();
      });
      // Readers answer nothing but stay: a ping now and then keeps the idle timer away.
      const ping = setInterval(
        () => ws.readyState === WebSocket.OPEN && ws.send('{"type":"ping"}'),
        20_000,
      );
      ws.once('close', () => clearInterval(ping));
      sockets.push(ws);
    });
  }

  async function post(m: Extract<ChatClientCommand, { type: 'post' }>) {
    const members = await Promise.all(
      m.tokens.map(
        (token, i) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(m.url, {
              perMessageDeflate: false,
              localAddress: m.hosts[i % m.hosts.length],
            });
            ws.once('open', () => {
              if (token) ws.send(JSON.stringify({ id: 'a', type: 'auth', token }));
              ws.send(JSON.stringify({ type: 'join', room: m.room }));
              resolve(ws);
            });
            ws.once('error', reject);
            sockets.push(ws);
          }),
      ),
    );
    let refused = 0;
    const codes: Record<string, number> = {};
    for (const ws of members) {
      ws.on('message', (d: Buffer) => {
        const text = d.toString();
        if (!text.includes('"type":"error"')) return;
        refused++;
        const code = /"code":"([^"]+)"/.exec(text)?.[1] ?? '?';
        codes[code] = (codes[code] ?? 0) + 1;
      });
    }
    await new Promise((r) => setTimeout(r, 500));
    let sent = 0;
    const total = Math.round(m.perSecond * m.seconds);
    const every = 1000 / m.perSecond;
    const start = now();
    for (let i = 0; i < total; i++) {
      const due = start + i * every;
      const wait = due - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      // Members take turns: each says one message every members/perSecond seconds.
      const ws = members[i % members.length]!;
      ws.send(
        JSON.stringify({
          id: `m${i}`,
          type: 'say',
          room: m.room,
          text: `第${i}条 ${MARK}${stamp(now())}`,
        }),
      );
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1000));
    return { sent, refused, codes };
  }

  process.on('message', async (m: ChatClientCommand) => {
    if (m.type === 'readers') {
      latencies = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECT_CONCURRENCY }, async () => {
          while (next < m.count) {
            const i = next++;
            await reader(m.url, m.room, m.hosts[Math.floor(i / 16) % m.hosts.length]!);
          }
        }),
      );
      const deadline = Date.now() + 60_000;
      while (ready + errors < m.count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      reply({ seq: m.seq, ready, errors });
    } else if (m.type === 'post') {
      reply({ seq: m.seq, ...(await post(m)) });
    } else if (m.type === 'progress') {
      reply({ seq: m.seq, received: latencies.length });
    } else if (m.type === 'collect') {
      reply({ seq: m.seq, latencies });
      latencies = [];
    } else if (m.type === 'close') {
      for (const ws of sockets) ws.terminate();
      sockets = [];
      ready = errors = 0;
      reply({ seq: m.seq });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
