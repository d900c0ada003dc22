import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { fiveElementsFile } from '../five-elements.ts';
import { homeGames, joinNotices } from '../home.ts';
import { FiveElementsFileSchema, type Game } from './http.ts';
import { COMMAND, FrameSchema, PING_CONTENT } from './live.ts';

const game = (id: number): Game => ({
  id,
  name: `g${id}`,
  shortName: `g${id}`,
  schedule: '',
  drawTime: '21:30',
  drawDays: [],
  timezone: 'Asia/Macau',
  icon: '',
});

describe('wire helpers', () => {
  it('joins notices with " | " and skips blanks', () => {
    expect(
      joinNotices([{ noticeContent: 'a' }, { noticeContent: ' ' }, { noticeContent: 'b ' }]),
    ).toBe('a | b');
    expect(joinNotices([])).toBe('');
  });

  it('orders and filters home games by home_lottery_setting', () => {
    const games = [game(110), game(111), game(120)];
    expect(homeGames(games, '120, 110,999,110').map((g) => g.id)).toEqual([120, 110]);
    expect(homeGames(games, '').map((g) => g.id)).toEqual([110, 111, 120]);
    expect(homeGames(games, undefined)).toHaveLength(3);
  });

  it('validates the generated five-elements file against its schema', () => {
    expect(Value.Check(FiveElementsFileSchema, fiveElementsFile([2024, 2025, 2026]))).toBe(true);
    expect(
      Value.Check(FiveElementsFileSchema, [{ year: 2026, data: [{ element: 'Air', values: [] }] }]),
    ).toBe(false);
  });

  it('accepts a ping frame and refuses a frame without id', () => {
    expect(Value.Check(FrameSchema, { id: 'x', command: 66, content: 'Ping' })).toBe(true);
    expect(Value.Check(FrameSchema, { command: 66, content: 'Ping' })).toBe(false);
  });

  it('numbers the socket commands as docs/architecture.md §7 does', () => {
    expect(COMMAND).toEqual({ PING: 66, SUBSCRIBE: 67, HISTORY: 69, SNAPSHOT: 70, REFUSED: 71 });
    expect(PING_CONTENT).toBe('Ping');
  });
});
