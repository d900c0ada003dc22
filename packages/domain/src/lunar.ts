/**
 * The lunar (Chinese calendar) year a moment belongs to, as the Gregorian year in which that
 * lunar year starts. Zodiac and five-element tables of the lottery turn over with it.
 */
export type LunarSwitch = 'new-year' | 'lichun';

const TIME_ZONE = 'Asia/Shanghai';

// Formatter construction is costly and the answer only changes at midnight, so both are cached.
let chineseFormatter: Intl.DateTimeFormat | undefined;
const dayCache = new Map<string, number>();

let gregorianFormatter: Intl.DateTimeFormat | undefined;

function shanghaiDate(date: Date): { year: number; month: number; day: number } {
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
  const key = `${year}-${month}-${day}`;
  let lunar = dayCache.get(key);
  if (lunar === undefined) {
    lunar = relatedYear(date);
    if (dayCache.size > 64) dayCache.clear();
    dayCache.set(key, lunar);
  }
  return lunar;
}
