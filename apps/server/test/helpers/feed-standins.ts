// Loopback stand-ins that speak each feed's exact format: the Jockey Club's GraphQL results
// service (answers recorded from its own data) and the common Macau JSON feed. Each can be told
// to fail the ways real feeds do.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultMode = 'ok' | 'error' | 'garbage' | 'shape' | 'hang' | 'slow' | 'oversize';

export interface StandIn {
  url: string;
  mode: FaultMode;
  /** Requests answered, by mode. */
  hits: FaultMode[];
  close(): Promise<void>;
  /** Stops listening (a feed that stops); `resume` listens on the same port again. */
  stop(): Promise<void>;
  resume(): Promise<void>;
}

async function serve(
  answer: (req: http.IncomingMessage, body: string) => { status: number; json: unknown },
  slowMs = 1_500,
): Promise<StandIn> {
  const sockets = new Set<Socket>();
  let server: http.Server;
  const self: StandIn = {
    url: '',
    mode: 'ok',
    hits: [],
    close: async () => self.stop(),
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
    async resume() {
      await listen(port);
    },
  };
  let port = 0;
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      if (body.length < 100_000) body += c.toString('utf8');
    });
    req.on('end', () => {
      const mode = self.mode;
      self.hits.push(mode);
      if (mode === 'hang') return;
      if (mode === 'error') return res.writeHead(503).end('Service Unavailable');
      if (mode === 'garbage')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      if (mode === 'oversize') {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = '['.padEnd(64 * 1024, ' ');
        for (let i = 0; i < 40; i++) res.write(chunk);
        return res.end(']');
      }
      const { status, json } = answer(req, body);
      const send = () =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (mode === 'slow') setTimeout(send, slowMs);
      else send();
    });
  };
  async function listen(p: number) {
    server = http.createServer(handler);
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(p, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  }
  await listen(0);
  self.url = `http://127.0.0.1:${port}`;
  return self;
}

// ---- hkjc ----------------------------------------------------------------------------------

export type HkjcDraw = {
  id: string;
  year: string;
  no: number;
  drawDate: string;
  closeDate: string;
  status: string;
  lotteryPool: Record<string, unknown> & { estimatedPrize: string };
  drawResult: { drawnNo: number[]; xDrawnNo: number };
  [k: string]: unknown;
};

/** Answers recorded from the service's data: the newest twelve draws of 2026, newest first. */
export const HKJC_RECORDED: HkjcDraw[] = (
  JSON.parse(
    readFileSync(new URL('../draws/fixtures/hkjc-recorded.json', import.meta.url), 'utf8'),
  ) as { data: { lotteryDraws: HkjcDraw[] } }
).data.lotteryDraws;

export interface HkjcStandIn extends StandIn {
  /** The draws it has published, newest first (tests add and change them). */
  published: HkjcDraw[];
  /** The next draw as marksixDraw answers it before the result. */
  next: HkjcDraw | null;
  /** Answers of a wrong shape replace the draws with this. */
  shapeAnswer: unknown;
}

/**
 * The next draw before its result: selling, with the first prize announced for it in
 * `derivedFirstPrizeDiv` (data/hkjc/README.md), `estimatedPrize` empty as in every result.
 */
export function hkjcUpcoming(d: HkjcDraw, firstPrize: string): HkjcDraw {
  return {
    ...d,
    status: 'Selling',
    lotteryPool: {
      ...d.lotteryPool,
      sell: true,
      status: 'Selling',
      totalInvestment: '',
      estimatedPrize: '',
      derivedFirstPrizeDiv: firstPrize,
      lotteryPrizes: [],
    },
    drawResult: { drawnNo: [], xDrawnNo: null as unknown as number },
  };
}

export async function hkjcStandIn(
  published: HkjcDraw[],
  next: HkjcDraw | null,
): Promise<HkjcStandIn> {
  // eslint-disable-next-line prefer-const -- read by the handler, assigned once it exists
  let self!: HkjcStandIn;
  const s = await serve((req, body) => {
    if (req.method !== 'POST') return { status: 405, json: {} };
    if (self.mode === 'shape') return { status: 200, json: self.shapeAnswer };
    const q = JSON.parse(body) as { operationName: string; variables: Record<string, unknown> };
    if (q.operationName === 'marksixDraw')
      return {
        status: 200,
        json: { data: { timeOffset: { m6: 0 }, lotteryDraws: self.next ? [self.next] : [] } },
      };
    const v = q.variables;
    let draws = self.published;
    if (typeof v.startDate === 'string' && typeof v.endDate === 'string') {
      const day = (d: HkjcDraw) => d.drawDate.slice(0, 10).replaceAll('-', '');
      draws = draws.filter(
        (d) => day(d) >= (v.startDate as string) && day(d) <= (v.endDate as string),
      );
    } else if (typeof v.lastNDraw === 'number') draws = draws.slice(0, v.lastNDraw);
    return { status: 200, json: { data: { lotteryDraws: draws } } };
  });
  self = Object.assign(s, {
    published,
    next,
    // Numbers out of range and a ball twice: garbage in the right envelope.
    shapeAnswer: {
      data: {
        lotteryDraws: [{ ...published[0], drawResult: { drawnNo: [0, 50, 50], xDrawnNo: 99 } }],
      },
    },
  });
  return self;
}

// ---- macaujc -------------------------------------------------------------------------------

export interface MacauItem {
  expect: string;
  openTime: string;
  openCode: string;
  wave?: string;
  zodiac?: string;
  type?: string;
  verify?: boolean;
}

export interface MacaujcStandIn extends StandIn {
  /** Newest first; the first may be a draw under way (a partial openCode). */
  items: MacauItem[];
  remote: string;
}

export async function macaujcStandIn(remote: string, items: MacauItem[]): Promise<MacaujcStandIn> {
  // eslint-disable-next-line prefer-const -- read by the handler, assigned once it exists
  let self!: MacaujcStandIn;
  const s = await serve((req) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (self.mode === 'shape') return { status: 200, json: [{ expect: 'x', openCode: 'a,b' }] };
    if (url.pathname === `/api/${remote}.com`)
      return { status: 200, json: self.items.slice(0, 10) };
    const year = new RegExp(`^/history/${remote}/y/(\\d{4})$`).exec(url.pathname);
    if (year)
      return {
        status: 200,
        json: {
          code: 200,
          data: self.items.filter(
            (i) => i.expect.startsWith(year[1]!) && i.openCode.split(',').length === 7,
          ),
        },
      };
    const one = new RegExp(`^/history/${remote}/expect/(\\d+)$`).exec(url.pathname);
    if (one)
      return {
        status: 200,
        json: { code: 200, data: self.items.filter((i) => i.expect === one[1]) },
      };
    return { status: 404, json: { code: 404 } };
  });
  self = Object.assign(s, { items, remote }) as MacaujcStandIn;
  return self;
}
