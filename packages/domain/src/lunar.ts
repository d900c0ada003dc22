/**
 * The lunar (Chinese calendar) year a moment belongs to, as the Gregorian year in which that
 * lunar year starts. Zodiac and five-element tables of the lottery turn over with it.
 */
export type LunarSwitch = 'new-year' | 'lichun';

const TIME_ZONE = 'Asia/Shanghai';

// Formatter construction is costly and the answer only changes at midnight, so both are cached.
let chineseFormatter: Intl.DateTimeFormat | undefined;
const dayCache = new Map<string, number>();

/** Shanghai has kept UTC+8 without summer time since 1991, so its calendar date is arithmetic. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const NO_SHIFT_SINCE = Date.UTC(1991, 8, 15);

let gregorianFormatter: Intl.DateTimeFormat | undefined;

function shanghaiDate(date: Date): { year: number; month: number; day: number } {
  if (date.getTime() >= NO_SHIFT_SINCE) {
    const d = new Date(date.getTime() + SHANGHAI_OFFSET_MS);
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
  }
  gregorianFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = gregorianFormatter.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

function relatedYear(date: Date): number {
  chineseFormatter ??= new Intl.DateTimeFormat('en-u-ca-chinese', {
    timeZone: TIME_ZONE,
    year: 'numeric',
  });
  // TypeScript's lib does not list relatedYear among the part types, but engines return it.
  const part = chineseFormatter
    .formatToParts(date)
    .find((p) => (p.type as string) === 'relatedYear');
  if (!part) throw new Error('this JavaScript engine lacks the Chinese calendar (Intl)');
  return Number(part.value);
}

/**
 * Day of February on which 立春 falls in Shanghai, by the customary 21st-century formula
 * (2000–2099, which is all this product can meet).
 */
export function lichunDay(year: number): number {
  const y = year % 100;
  // Leap days are counted up to the previous year because 立春 comes before 29 February.
  return Math.floor(y * 0.2422 + 3.87) - Math.floor((y - 1) / 4);
}

export function lunarYearOf(
  date: Date = new Date(),
  opts: { switchAt?: LunarSwitch } = {},
): number {
  const { year, month, day } = shanghaiDate(date);
  if (opts.switchAt === 'lichun') {
    const beforeLichun = month === 1 || (month === 2 && day < lichunDay(year));
    return beforeLichun ? year - 1 : year;
  }
  // The lunar new year always falls between 21 January and 20 February: outside that window the
  // answer needs no calendar (whose first use costs a slow phone tens of milliseconds).
  if (month > 2 || (month === 2 && day > 20)) return year;
  if (month === 1 && day < 21) return year - 1;
  const key = `${year}-${month}-${day}`;
  let lunar = dayCache.get(key);
  if (lunar === undefined) {
    lunar = relatedYear(date);
    if (dayCache.size > 64) dayCache.clear();
    dayCache.set(key, lunar);
  }
  return lunar;
}
