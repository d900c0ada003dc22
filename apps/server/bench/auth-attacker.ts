// Part of `npm run bench auth`: a form-posting HTTP client whose every request leaves from a
// loopback address of its choosing (127.x.y.z, one keep-alive pool per address), and the
// guessing burst, run as a worker thread so the attacker's own work stays off the server's loop.
import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

export interface Answer {
  status: number;
  msg: string;
  retryAfter: string | undefined;
}

export interface AttackResult {
  answers: Answer[];
  /** Requests sent, the re-sends after a busy refusal included. */
  requests: number;
}

export function formClient(port: number, xsrf: string) {
  const agents = new Map<string, http.Agent>();
  function post(from: string, url: string, form: Record<string, string>): Promise<Answer> {
    let agent = agents.get(from);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, localAddress: from });
      agents.set(from, agent);
    }
    const body = new URLSearchParams(form).toString();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
            cookie: `XSRF-TOKEN=${xsrf}`,
            'x-xsrf-token': xsrf,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let msg: string;
            try {
              msg = (JSON.parse(text) as { msg: string }).msg;
            } catch {
              msg = text.slice(0, 80);
            }
            const retryAfter = res.headers['retry-after'];
            resolve({
              status: res.statusCode ?? 0,
              msg,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
            });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  return {
    post,
    close: () => {
      for (const agent of agents.values()) agent.destroy();
    },
  };
}

/** A refusal because another attempt on the same account or address is still being decided. */
const busy = (a: Answer) => a.status === 429 && a.retryAfter === '1';

if (!isMainThread && workerData?.role === 'attacker') {
  const { port, xsrf, victim, from } = workerData as {
    port: number;
    xsrf: string;
    victim: string;
    from: string[];
  };
  const { post, close } = formClient(port, xsrf);
  let requests = 0;
  // Every guess at once, each re-sent the moment it is refused as busy (no Retry-After honoured).
  const answers = await Promise.all(
    from.map(async (address, i) => {
      for (;;) {
        requests++;
        const res = await post(address, '/app-api/v/user/login', {
          username: victim,
          password: `guess-${i}-wrong`,
        });
        if (!busy(res)) return res;
      }
    }),
  );
  close();
  parentPort!.postMessage({ answers, requests } satisfies AttackResult);
}
