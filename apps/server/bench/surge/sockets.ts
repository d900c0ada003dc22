// `bench surge`'s live visitors: a share of the sockets in a process of its own, driven over IPC.
// Each subscribes to the drawn game, pings every 15 s as the site does, and notes for each ball
// how long after the server stamped it (serverTime) it arrived: same machine, same clock.
import WebSocket from 'ws';

export type SocketsCommand =
  | { seq: number; type: 'connect'; url: string; count: number; game: number; hosts: string[] }
  | { seq: number; type: 'collect' }
  | { seq: number; type: 'close' };

/** A ball as one socket saw it: the draw, how many balls it had, ms from the server's stamp. */
export type BallSeen = [issue: string, balls: number, ms: number];

const CONNECT_CONCURRENCY = 200;
const PING_EVERY_MS = 15_000;

/** The text between `start` and the next `end` ('' when absent). */
function field(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  if (from < 0) return '';
  const to = text.indexOf(end, from + start.length);
  return to < 0 ? '' : text.slice(from + start.length, to);
}

export function runSockets(): void {
  let gameMark = '';
  let sockets: WebSocket[] = [];
  let seen: BallSeen[] = [];
  let ready = 0;
  let errors = 0;
  let closedEarly = 0;
  let closing = false;
  const reply = (m: Record<string, unknown>) => process.send!(m);

  function open(m: Extract<SocketsCommand, { type: 'connect' }>, i: number) {
    return new Promise<void>((resolve) => {
      const ws = new WebSocket(`${m.url}/surge-${process.pid}-${i}`, {
        perMessageDeflate: false,
        localAddress: m.hosts[i % m.hosts.length],
      });
      let subscribed = false;
      let ping: NodeJS.Timeout | undefined;
      ws.on('message', (data: Buffer) => {
        const t = Date.now();
        const text = data.toString();
        if (!text.includes('"command":70')) return;
        if (!subscribed) {
          subscribed = true;
          ready++;
          return;
        }
        // Read by plain search, not JSON.parse: the client processes share the server's two
        // cores, and what they spend is taken from it.
        if (!text.includes(gameMark)) return;
        const balls = field(text, '"numbers":[', ']');
        if (!balls) return;
        const at = field(text, '"serverTime":"', '"');
        seen.push([field(text, '"issue":"', '"'), balls.split(',').length, t - Date.parse(at)]);
      });
      ws.once('open', () => {
        ws.send(JSON.stringify({ id: `sub-${i}`, command: 67, content: { gameIds: [m.game] } }));
        // Spread over the period: 10,000 pings at once is not what browsers do.
        setTimeout(() => {
          ping = setInterval(
            () => ws.send(JSON.stringify({ id: `p${i}`, command: 66, content: 'Ping' })),
            PING_EVERY_MS,
          );
        }, Math.random() * PING_EVERY_MS);
        resolve();
      });
      ws.once('close', () => {
        clearInterval(ping);
        if (!closing) closedEarly++;
      });
      ws.once('error', (err) => {
        if (errors++ === 0) console.error(`bench surge socket: ${err.message}`);
        resolve();
      });
      sockets.push(ws);
    });
  }

  process.on('message', async (m: SocketsCommand) => {
    if (m.type === 'connect') {
      gameMark = `"gameId":${m.game},`;
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECT_CONCURRENCY }, async () => {
          while (next < m.count) await open(m, next++);
        }),
      );
      const deadline = Date.now() + 60_000;
      while (ready + errors < m.count && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      reply({ seq: m.seq, ready, errors });
    } else if (m.type === 'collect') {
      reply({ seq: m.seq, seen, errors, closedEarly });
      seen = [];
    } else if (m.type === 'close') {
      closing = true;
      for (const ws of sockets) ws.terminate();
      sockets = [];
      reply({ seq: m.seq });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
