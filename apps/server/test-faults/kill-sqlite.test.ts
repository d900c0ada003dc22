import { afterAll, beforeAll, it } from 'vitest';
import { createSite, type Site } from './harness.ts';
import { killAndRestart } from './kill-restart.ts';

let site: Site;
beforeAll(async () => {
  site = await createSite('sqlite');
});
afterAll(() => site?.cleanup());

it('SQLite: kill -9 at 1, 3 and 6 balls keeps the published balls and finishes the draw', () =>
  killAndRestart(site, (m) => console.info(`[sqlite] ${m}`)));
