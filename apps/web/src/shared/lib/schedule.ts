import { describeSchedule, nextDrawAt as scheduledAfter, type Game } from '@kaijiang/domain';

export type Schedule = Pick<
  Game,
  'drawTime' | 'drawDays' | 'intervalMinutes' | 'timezone' | 'schedule'
>;

function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'Asia/Shanghai';
  }
}

/**
 * The next scheduled draw after `now` by the domain's rule (the one the server's engine uses);
 * null when the game's data cannot be read, so a bad record never breaks a screen.
 */
export function nextDrawAt(game: Schedule, now: Date = new Date()): Date | null {
  try {
    return scheduledAfter({ ...game, timezone: safeZone(game.timezone) }, now);
  } catch {
    return null;
  }
}

/** "每天 21:32", "每周二、四、六 21:30", "每5分钟" — the server's wording when it sends one. */
export function scheduleText(game: Schedule): string {
  return game.schedule?.trim() || describeSchedule(game);
}

const ZONE_NAMES: Record<string, string> = {
  'Asia/Macau': '澳门时间',
  'Asia/Hong_Kong': '香港时间',
  'Asia/Shanghai': '北京时间',
  'Asia/Taipei': '台北时间',
};

export function zoneName(timeZone: string): string {
  return ZONE_NAMES[timeZone] ?? timeZone;
}

/** "3月21日 周六 21:32" in the game's zone. */
export function formatDrawTime(date: Date, timeZone: string, locale = 'zh-CN'): string {
  const zone = safeZone(timeZone);
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('month')}月${get('day')}日 ${get('weekday')} ${get('hour')}:${get('minute')}`;
}

/** "02:13:45", or "13:45" under an hour; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
