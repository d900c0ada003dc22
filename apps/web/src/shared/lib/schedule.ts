import { describeSchedule, type Game } from '@kaijiang/domain';
import { getLocale, type Locale } from '../i18n';

export type Schedule = Pick<
  Game,
  'drawTime' | 'drawDays' | 'intervalMinutes' | 'timezone' | 'schedule'
>;

// Creating a formatter is the costly part on a slow phone; a screen formats many dates.
const drawTimeFormats = new Map<string, Intl.DateTimeFormat>();

function drawTimeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = drawTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    drawTimeFormats.set(key, format);
  }
  return format;
}

export function safeZone(timeZone: string): string {
  try {
    drawTimeFormat('zh-CN', timeZone);
    return timeZone;
  } catch {
    return 'Asia/Shanghai';
  }
}

/** The Intl locale whose dates read like the UI language (周六 / 週六). */
export function intlLocale(locale: Locale = getLocale()): string {
  return locale === 'zh-Hant' ? 'zh-TW' : 'zh-CN';
}

/** "每天 21:32", "每周二、四、六 21:30", "每5分钟" — the server's wording when it sends one. */
export function scheduleText(game: Schedule, locale: Locale = getLocale()): string {
  const sent = game.schedule?.trim();
  if (sent) return sent;
  const text = describeSchedule(game);
  // The domain words it in Simplified Chinese, where only these two differ from Traditional.
  return locale === 'zh-Hant' ? text.replace('每周', '每週').replace('分钟', '分鐘') : text;
}

const ZONE_NAMES: Record<Locale, Record<string, string>> = {
  'zh-Hans': {
    'Asia/Macau': '澳门时间',
    'Asia/Hong_Kong': '香港时间',
    'Asia/Shanghai': '北京时间',
    'Asia/Taipei': '台北时间',
  },
  'zh-Hant': {
    'Asia/Macau': '澳門時間',
    'Asia/Hong_Kong': '香港時間',
    'Asia/Shanghai': '北京時間',
    'Asia/Taipei': '台北時間',
  },
};

export function zoneName(timeZone: string, locale: Locale = getLocale()): string {
  return ZONE_NAMES[locale][timeZone] ?? timeZone;
}

/**
 * Zones the lottery games use that have kept UTC+8 without summer time since 1992: their wall
 * clock is arithmetic, so the first screen needs no time-zone formatter (whose first use costs a
 * slow phone tens of milliseconds).
 */
const UTC_PLUS_8 = new Set(['Asia/Macau', 'Asia/Hong_Kong', 'Asia/Shanghai', 'Asia/Taipei']);
const FIXED_SINCE = Date.UTC(1992, 0, 1);

/**
 * The wall clock of an instant in one of those zones, as a Date whose UTC fields read it; null
 * for any other zone (then only a formatter knows).
 */
export function fixedWallClock(at: number, timeZone: string): Date | null {
  return UTC_PLUS_8.has(timeZone) && at >= FIXED_SINCE ? new Date(at + 8 * 3_600_000) : null;
}

const WEEKDAYS: Record<string, readonly string[]> = {
  'zh-CN': ['周日', '周一', '周二', '周三', '周四', '周五', '周六'],
  'zh-TW': ['週日', '週一', '週二', '週三', '週四', '週五', '週六'],
};

/** "3月21日 周六 21:32" in the game's zone; `locale` is an Intl one (see intlLocale). */
export function formatDrawTime(date: Date, timeZone: string, locale = intlLocale()): string {
  const weekdays = WEEKDAYS[locale];
  if (weekdays && UTC_PLUS_8.has(timeZone) && date.getTime() >= FIXED_SINCE) {
    const wall = new Date(date.getTime() + 8 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日 ${weekdays[wall.getUTCDay()]} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  }
  const zone = safeZone(timeZone);
  const parts = drawTimeFormat(locale, zone).formatToParts(date);
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
