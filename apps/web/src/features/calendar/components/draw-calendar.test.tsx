import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  calendarMonth,
  nextDrawAt,
  issueOf,
  type CalendarChange,
  type DrawCalendar as Calendar,
} from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAMES, fakeServer } from '@/test/fixtures';
import { renderWithStore } from '@/test/render-with-store';
import { DrawCalendar } from './draw-calendar';

const hk = GAMES.find((g) => g.id === 111)!;
const macau = GAMES.find((g) => g.id === 110)!;
const changes: CalendarChange[] = [
  { date: '2026-12-05', kind: 'moved', drawAt: '2026-12-06T13:30:00.000Z', note: '赛马日改期' },
  { date: '2026-12-10', kind: 'skipped', drawAt: null, note: '台风停开' },
];
// Tuesday 1 December 2026, noon in Hong Kong.
const NOW = new Date('2026-12-01T04:00:00Z');

function server() {
  return fakeServer({
    'GET /api/v2/draws/calendar': (url): Calendar => {
      const gameId = Number(url.searchParams.get('gameId'));
      const month = url.searchParams.get('month')!;
      const game = { ...(gameId === 111 ? hk : macau), changes: gameId === 111 ? changes : [] };
      const next = nextDrawAt(game, NOW);
      return {
        gameId,
        month,
        timezone: game.timezone,
        days: calendarMonth(game, month),
        next: { issue: issueOf(game, next), drawAt: next.toISOString() },
      };
    },
  });
}

describe('DrawCalendar', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("shows the month's draw days, the next draw and the exceptions with their notes", async () => {
    const s = server();
    renderWithStore(<DrawCalendar games={GAMES} />, { server: s });
    // The 5-minute game has no calendar: the first game with one is taken.
    await screen.findByRole('table', { name: '新澳门六合彩 2026年12月开奖日历' });
    expect(s.calls).toContain('/api/v2/draws/calendar?gameId=110&month=2026-12');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '彩种' }), '111');
    const grid = await screen.findByRole('table', { name: '香港六合彩 2026年12月开奖日历' });
    const cell = (label: RegExp) => within(grid).getByRole('cell', { name: label });
    expect(cell(/^12月1日，21:30 开奖，第\d+期，下期$/)).toHaveClass('kj-cal__day--next');
    expect(cell(/^12月5日，不开奖，改期：赛马日改期$/)).toHaveClass('kj-cal__day--moved');
    expect(cell(/^12月6日，21:30 开奖，第\d+期，改期至此$/)).toBeInTheDocument();
    expect(cell(/^12月10日，不开奖，停开：台风停开$/)).toHaveClass('kj-cal__day--skipped');
    expect(cell(/^12月2日，不开奖$/)).not.toHaveClass('kj-cal__day--draw');
    const list = screen.getByRole('list', { name: '本月例外' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['改期12月5日 改至 12月6日 周日 21:30赛马日改期', '停开12月10日台风停开']);
  });

  it('pages through months, a year each way at most', async () => {
    const s = server();
    renderWithStore(<DrawCalendar games={[hk]} />, { server: s });
    await screen.findByRole('table', { name: '香港六合彩 2026年12月开奖日历' });
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '下个月' }));
    const jan = await screen.findByRole('table', { name: '香港六合彩 2027年1月开奖日历' });
    expect((await within(jan).findAllByRole('cell', { name: /开奖，第/ })).length).toBeGreaterThan(
      10,
    );
    expect(screen.getByText('本月按常规开奖，没有改期或停开。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '本月' }));
    await screen.findByRole('table', { name: '香港六合彩 2026年12月开奖日历' });
    const back = screen.getByRole('button', { name: '上个月' });
    for (let i = 0; i < 12; i++) await userEvent.click(back);
    expect(back).toBeDisabled();
    await screen.findByRole('table', { name: '香港六合彩 2025年12月开奖日历' });
  });

  it('says so when the calendar cannot be read, and tries again', async () => {
    let fail = true;
    const s = fakeServer({
      'GET /api/v2/draws/calendar': (url) => {
        if (fail) return new Response('{}', { status: 503 });
        const month = url.searchParams.get('month')!;
        return {
          gameId: 111,
          month,
          timezone: hk.timezone,
          days: calendarMonth(hk, month),
          next: { issue: '2026142', drawAt: '2026-12-01T13:30:00.000Z' },
        };
      },
    });
    renderWithStore(<DrawCalendar games={[hk]} />, { server: s });
    expect(await screen.findByText('开奖日历暂时无法获取')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByRole('table', { name: '香港六合彩 2026年12月开奖日历' });
  });

  it('renders nothing for a game that draws every few minutes', () => {
    const { container } = renderWithStore(<DrawCalendar games={[GAMES[0]!]} />);
    expect(container.querySelector('.kj-cal')).toBeNull();
  });
});
