import type { DrawSnapshot } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { FILES } from './test/fixtures';

// The fields the card reads; the API sends more (sum, attributes per ball).
const DRAW: DrawSnapshot = {
  gameId: 110,
  issue: '2026324',
  status: 'done',
  numbers: ['07', '12', '23', '31', '38', '44', '49'],
  drawAt: '2026-11-20T13:32:00.000Z',
  nextIssue: '2026325',
  nextDrawAt: '2026-11-21T13:32:00.000Z',
  serverTime: '2026-11-21T02:00:00.000Z',
};

const pageData = () => ({ ...structuredClone(FILES), 'draws/latest': [DRAW] });

describe('server rendering of the first screen', () => {
  it('renders the home screen with its latest draw, in the default language', async () => {
    const page = await render('/game/110', pageData());
    expect(page).not.toBeNull();
    expect(page!.status).toBe(200);
    expect(page!.locale).toBe('zh-Hans');
    expect(page!.routeIds).toEqual(['root', 'game']);
    expect(page!.html).toContain('第 2026324 期');
    for (const n of DRAW.numbers) expect(page!.html).toMatch(new RegExp(`aria-label="${n} `));
    // The start-up data reached the screen: the notices and the home games.
    expect(page!.html).toContain('欢迎光临');
    expect(page!.html).toContain('香港六合彩');
  });

  it('declines redirects, the sign-in guard and screens where the visitor types', async () => {
    for (const url of ['/', '/auth', '/collection', '/auth/login', '/ask-question', '/setting']) {
      expect(await render(url, pageData()), url).toBeNull();
    }
  });

  it('renders one page at a time, each with its own data', async () => {
    const other = { ...DRAW, issue: '2026999' };
    const [a, b] = await Promise.all([
      render('/game/110', pageData()),
      render('/game/110', { ...pageData(), 'draws/latest': [other] }),
    ]);
    expect(a!.html).toContain('第 2026324 期');
    expect(b!.html).toContain('第 2026999 期');
    expect(b!.html).not.toContain('第 2026324 期');
  });

  it('renders the not-found screen for an unknown path', async () => {
    const page = await render('/no/such/page', pageData());
    expect(page!.html).toContain('kj-app');
    expect(page!.routeIds).toContain('not-found');
  });
});
