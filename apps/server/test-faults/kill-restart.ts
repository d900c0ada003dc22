// kill -9 in the middle of a live draw, three times, at three ball counts: every restart keeps
// exactly the balls visitors had already been shown, and the same issue ends with 7 distinct.
import { expect } from 'vitest';
import {
  GAME,
  crashLines,
  dump,
  startServer,
  Watcher,
  type ServerProcess,
  type Site,
} from './harness.ts';

/** Long enough that a kill lands before the next ball, short enough for CI. */
const BALL_MS = 1_000;
const KILL_AT = [1, 3, 6];

async function fetchDraw(port: number, issue: string): Promise<string[]> {
  const res = await fetch(`http://127.0.0.1:${port}/app-api/api/v2/draws/${GAME}/${issue}`);
  const body = (await res.json()) as { data: { numbers: string[] } | null };
  if (!body.data) throw new Error(`draw ${issue} not found: ${res.status}`);
  return body.data.numbers;
}

export async function killAndRestart(site: Site, log: (msg: string) => void): Promise<void> {
  let server: ServerProcess = await startServer(site, BALL_MS);
  let watcher = await Watcher.open(server.port);
  const servers = [server];
  try {
    // A draw watched from its first ball (the one under way may be further along).
    const first = await watcher.find(
      (s) => s.status === 'drawing' && s.numbers.length === 1,
      90_000,
      'a draw to start',
    );
    const issue = first.issue;
    const since = () => `+${((Date.now() - Date.parse(first.drawAt)) / 1000).toFixed(1)} s`;
    log(`draw ${issue} due at ${first.drawAt}, first ball seen ${since()}`);
    let published: string[] = [];
    for (const k of KILL_AT) {
      const shown = await watcher.find(
        (s) => s.issue === issue && s.numbers.length >= k,
        20_000,
        `ball ${k} of ${issue}`,
      );
      expect(shown.numbers.length, `ball ${k} came alone`).toBe(k);
      expect(shown.numbers.slice(0, published.length)).toEqual(published);
      published = shown.numbers;
      await server.crash();
      watcher.close();
      log(`killed after ${k} balls (${published.join(' ')}) ${since()}`);

      server = await startServer(site, BALL_MS);
      servers.push(server);
      watcher = await Watcher.open(server.port);
      const resumed = await watcher.find((s) => s.issue === issue, 10_000, `${issue} again`);
      // What visitors saw is what the restarted server has: none lost, none changed.
      expect(resumed.numbers.slice(0, k)).toEqual(published);
      const stored = await fetchDraw(server.port, issue);
      expect(stored.slice(0, k)).toEqual(published);
      // Kill -9 landed right after ball k was shown: no ball after it can have been stored.
      expect(resumed.numbers.length).toBeLessThanOrEqual(k + 1);
    }
    const done = await watcher.find(
      (s) => s.issue === issue && s.status === 'done',
      20_000,
      `${issue} to finish`,
    );
    expect(done.numbers).toHaveLength(7);
    expect(new Set(done.numbers).size).toBe(7);
    expect(done.numbers.slice(0, published.length)).toEqual(published);
    expect(await fetchDraw(server.port, issue)).toEqual(done.numbers);
    log(`draw ${issue} finished: ${done.numbers.join(' ')} ${since()}`);
    for (const s of servers) expect(crashLines(s.logs), dump(s.logs)).toEqual([]);
  } finally {
    watcher.close();
    await server.stop();
  }
}
