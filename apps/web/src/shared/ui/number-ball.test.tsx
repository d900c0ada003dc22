import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale';
import { NumberBall } from './number-ball';

describe('NumberBall', () => {
  it.each([
    ['07', 2026, '07 红波 鼠', 'rgb(223, 0, 0)'],
    ['01', 2026, '01 红波 马', 'rgb(223, 0, 0)'],
    ['03', 2026, '03 蓝波 龙', 'rgb(0, 0, 244)'],
    ['49', 2026, '49 绿波 马', 'rgb(67, 150, 42)'],
    ['07', 2020, '07 红波 马', 'rgb(223, 0, 0)'],
  ])('%s in %i is "%s" on its colour', (n, year, name, colour) => {
    render(<NumberBall number={n} lunarYear={year} />);
    const ball = screen.getByRole('img', { name });
    expect(ball).toHaveStyle({ backgroundColor: colour });
    expect(ball).toHaveTextContent(n);
  });

  it('pads numbers given as integers', () => {
    render(<NumberBall number={5} lunarYear={2026} />);
    expect(screen.getByRole('img', { name: '05 绿波 虎' })).toBeInTheDocument();
  });

  it('speaks Traditional Chinese after the switch', () => {
    render(<NumberBall number="01" lunarYear={2024} />);
    act(() => setLocale('zh-Hant'));
    expect(screen.getByRole('img', { name: '01 紅波 龍' })).toBeInTheDocument();
    act(() => setLocale('zh-Hans'));
  });
});
