// Client side of `bench live`: a share of the N sockets, in a process of its own, driven over IPC.
import WebSocket from 'ws';
import { now, unstamp } from './clock.ts';

export type ClientCommand =
  | {
      seq: number;
      type: 'connect';
      url: string;
      /** Sockets to open now, numbered on from those this process opened before. */
      count: number;
      game: number;
      /** Only snapshots of this issue are measured (not the warm-up draw). */
      measuredIssue: string;
      /** Loopback source addresses, round robin: 10,000+ sockets never run short of ports. */
      hosts: string[];
    }
  | { seq: number; type: 'progress' }
  | { seq: number; type: 'collect' }
  | { seq: number; type: 'close' };

/** How many handshakes are in flight at once: the listen backlog is not what is measured. */
const CONNECT_CONCURRENCY = 200;
const SERVER_TIME = '"serverTime":"';

export function runClient(): void {
  let sockets: WebSocket[] = [];
  let latencies: number[] = [];
  let ready = 0;
  let errors = 0;
  const reply = (m: Record<string, unknown>) => process.send!(m);

  function open(m: Extract<ClientCommand, { type: 'connect' }>, i: number, marker: string) {
    return new Promise<void>((resolve) => {
      const ws = new WebSocket(`${m.url}/bench-${process.pid}-${i}`, {
        perMessageDeflate: false,
        localAddress: m.hosts[i % m.hosts.length],
      });
      let subscribed = false;
      ws.on('message', (data: Buffer) => {
        const t = now();
        if (!subscribed) {
          subscribed = true;
          ready++;
          return;
        }
        // Plain string search: the client process must not be what limits the figures.
        const text = data.toString('latin1');
        if (!text.includes(marker)) return;
        const at = text.indexOf(SERVER_TIME) + SERVER_TIME.length;
        latencies.push(t - unstamp(text.slice(at, at + 27)));
      });
      ws.once('open', () => {
        ws.send(JSON.stringify({ id: `sub-${i}`, command: 67, content: { gameIds: [m.game] } }));
        resolve();
      });
      ws.once('error', (err) => {
        if (errors++ === 0) console.error(`bench client: ${err.message}`);
        resolve();
      });
      sockets.push(ws);
    });
  }

  async function connect(m: Extract<ClientCommand, { type: 'connect' }>): Promise<void> {
    const marker = `"issue":"${m.measuredIssue}"`;
    const first = sockets.length;
    const target = first + m.count;
    let next = first;
    await Promise.all(
      Array.from({ length: CONNECT_CONCURRENCY }, async () => {
        while (next < target) await open(m, next++, marker);
      }),
    );
    const deadline = Date.now() + 60_000;
    while (ready + errors < target && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  process.on('message', async (m: ClientCommand) => {
    if (m.type === 'connect') {
      latencies = [];
      await connect(m);
      reply({ seq: m.seq, ready, errors });
    } else if (m.type === 'progress') {
      reply({ seq: m.seq, received: latencies.length });
    } else if (m.type === 'collect') {
      reply({ seq: m.seq, latencies });
      latencies = [];
    } else if (m.type === 'close') {
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once('close', () => resolve());
              ws.terminate();
            }),
        ),
      );
      sockets = [];
      ready = errors = 0;
      reply({ seq: m.seq });
    }
  });
  process.on('disconnect', () => process.exit(0));
}
