import { act, screen } from '@testing-library/react';
import type { DrawSnapshot } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestApi, withSnapshot } from '@/shared/live/latest-api';
import { clockSampled } from '@/shared/live/live-slice';
import { fakeServer } from '@/test/fixtures';
import { GAMES } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { LatestDrawCard } from './latest-draw-card';

const game = GAMES.find((g) => g.id === 110)!;
const NOW = Date.parse('2026-11-21T13:32:05.000Z');

const snap = (over: Partial<DrawSnapshot> = {}): DrawSnapshot => ({
  gameId: 110,
  issue: '2026325',
  status: 'drawing',
  numbers: [],
  drawAt: '2026-11-21T13:32:00.000Z',
  nextIssue: '2026326',
  nextDrawAt: '2026-11-22T13:32:00.000Z',
  serverTime: new Date(NOW).toISOString(),
  ...over,
});

function setup(first?: DrawSnapshot, receivedAt = NOW) {
  const view = renderWithStore(<LatestDrawCard game={game} />);
  const push = (s: DrawSnapshot, at = receivedAt) =>
    act(() => {
      // As the socket feeds the game's latest-draws entry (live-feed.ts).
      const { data } = latestApi.endpoints.latestDraws.select(110)(view.store.getState());
      view.store.dispatch(
        data === undefined
          ? latestApi.util.upsertQueryEntries([{ endpointName: 'latestDraws', arg: 110, value: s }])
          : latestApi.util.updateQueryData('latestDraws', 110, (d) => withSnapshot(d, s)),
      );
      view.store.dispatch(clockSampled({ serverTimes: [s.serverTime], receivedAt: at }));
    });
  if (first) push(first);
  return { ...view, push };
}

const balls = () => screen.queryAllByRole('img');
const announcer = () =>
  screen.getAllByRole('status').find((el) => el.classList.contains('kj-sr-only'))!;

describe('LatestDrawCard', () => {
  beforeEach(() =>
    vi.useFakeTimers({
      now: NOW,
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    }),
  );
  afterEach(() => vi.useRealTimers());

  it('while waiting: the issue, empty seats and a countdown on the server clock', () => {
    // The visitor's phone is 10 minutes fast; the server says the draw is 2 minutes away.
    const drawAt = '2026-11-21T13:32:00.000Z';
    setup(
      snap({ status: 'waiting', drawAt, serverTime: '2026-11-21T13:30:00.000Z' }),
      Date.parse('2026-11-21T13:40:00.000Z'),
    );
    expect(screen.getByText('第 2026325 期')).toBeInTheDocument();
    expect(screen.getByText('等待开奖')).toBeInTheDocument();
    expect(balls()).toHaveLength(0);
    expect(screen.getByText('已开出 0 / 7 个号码')).toBeInTheDocument();
    act(() => vi.setSystemTime(Date.parse('2026-11-21T13:40:01.000Z')));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: '新澳门六合彩' })).toBeInTheDocument();
    expect(document.querySelector('time.kj-latest__clock')).toHaveTextContent('01:58');
  });

  it('while drawing: the balls so far, seats for the rest, 开奖中, each new ball announced', () => {
    const { push } = setup(snap({ numbers: ['07', '33'] }));
    expect(screen.getByText('开奖中')).toBeInTheDocument();
    expect(balls().map((b) => b.getAttribute('aria-label'))).toEqual(['07 红波 鼠', '33 绿波 狗']);
    // Balls already out when the visitor arrived are neither animated nor announced.
    expect(document.querySelectorAll('.kj-dball--new')).toHaveLength(0);
    expect(announcer()).toHaveTextContent('');
    expect(document.querySelectorAll('.kj-dball--seat')).toHaveLength(5);
    expect(screen.queryByText(/距开奖/)).toBeNull();

    push(snap({ numbers: ['07', '33', '12'] }));
    expect(balls()).toHaveLength(3);
    expect(document.querySelectorAll('.kj-dball--new')).toHaveLength(1);
    expect(document.querySelector('.kj-dball--new')).toHaveAttribute('data-ball', '12');
    expect(announcer()).toHaveTextContent('第 3 个号码 12 红波 羊');

    push(snap({ numbers: ['07'] }));
    expect(balls()).toHaveLength(3);
  });

  it('when done: seven balls, the special after "+", the 总和, and the next draw', () => {
    const { push } = setup(snap({ numbers: ['07', '12', '23', '34', '45', '46'] }));
    push(
      snap({
        status: 'done',
        numbers: ['07', '12', '23', '34', '45', '46', '33'],
        serverTime: '2026-11-21T13:33:00.000Z',
      }),
      Date.parse('2026-11-21T13:33:00.000Z'),
    );
    expect(screen.getByText('已开奖')).toBeInTheDocument();
    expect(balls()).toHaveLength(7);
    expect(document.querySelector('.kj-dballs__plus')).toHaveTextContent('+');
    expect(screen.getByText('特码')).toBeInTheDocument();
    expect(announcer()).toHaveTextContent('特码 33 绿波 狗，第 2026325 期开奖完毕');
    // 07+12+23+34+45+46+33 = 200: 总大, 总双.
    expect(screen.getByText('200')).toBeInTheDocument();
    expect(screen.getByText('总大')).toBeInTheDocument();
    expect(screen.getByText('总双')).toBeInTheDocument();
    expect(screen.getByText('下期 第 2026326 期')).toBeInTheDocument();
    // Each ball names its zodiac and element underneath.
    const first = document.querySelector('[data-ball="07"]')!;
    expect(first).toHaveTextContent('鼠');
    expect(first).toHaveTextContent('红');
    expect(first).toHaveTextContent('土');
  });

  it('animates every ball of a draw that starts while the visitor watches', () => {
    const { push } = setup(
      snap({
        issue: '2026324',
        drawAt: '2026-11-20T13:32:00.000Z',
        status: 'done',
        numbers: ['01', '02', '03', '04', '05', '06', '07'],
      }),
    );
    push(snap({ numbers: [] }));
    push(snap({ numbers: ['09'] }));
    expect(document.querySelectorAll('.kj-dball--new')).toHaveLength(1);
    expect(announcer().textContent).toMatch(/^第 1 个号码 09 蓝波 /);
  });

  it('shows placeholders while loading and says so when nothing could be loaded', async () => {
    const server = fakeServer({
      'GET /api/v2/draws/latest': () => new Response('{}', { status: 500 }),
    });
    const { store } = renderWithStore(<LatestDrawCard game={game} />, { server });
    expect(screen.getByText('加载中…')).toBeInTheDocument();
    await act(async () => {
      await store.dispatch(latestApi.endpoints.latestDraws.initiate(110));
    });
    expect(screen.getByText(/开奖结果暂时无法获取/)).toBeInTheDocument();
  });
});
