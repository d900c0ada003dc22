import type { GameSchedule } from './schedule.ts';

// A module of its own: screens that only print a schedule do not carry the schedule maths
// (the bundler places a module's code in one chunk, whoever uses which part of it).

const WEEKDAY_ZH = ['日', '一', '二', '三', '四', '五', '六'];

/** How the schedule reads to a visitor: 每天 21:32, 每周二、四、六 21:30, 每5分钟. */
export function describeSchedule(game: GameSchedule): string {
  if (game.intervalMinutes) return `每${game.intervalMinutes}分钟`;
  if (game.drawDays.length === 0 || game.drawDays.length === 7) return `每天 ${game.drawTime}`;
  const days = [...game.drawDays].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return `每周${days.map((d) => WEEKDAY_ZH[d]).join('、')} ${game.drawTime}`;
}
