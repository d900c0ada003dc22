// The Jockey Club's results service (GraphQL `lotteryDraws`): one item of its answer as a draw
// of ours and its prize record. Everything in it is checked, since a feed or a file may carry
// anything: a bad item is reported, never half taken.
import type { PrizeDivision, PrizeInput } from './wire/prizes.ts';

/** A draw as the service answers it (the fields this reads). */
export interface HkjcDraw {
  id?: unknown;
  year?: unknown;
  no?: unknown;
  drawDate?: unknown;
  status?: unknown;
  snowballName_ch?: unknown;
  lotteryPool?: {
    totalInvestment?: unknown;
    jackpot?: unknown;
    unitBet?: unknown;
    lotteryPrizes?: unknown;
  } | null;
  drawResult?: { drawnNo?: unknown; xDrawnNo?: unknown } | null;
}

export interface HkjcResult {
  /** Year and draw number: 2025134 for 25/134. */
  issue: string;
  /** The local day of the draw, YYYY-MM-DD (Hong Kong). */
  date: string;
  /** Seven balls, the six in the order given, then the extra number. */
  numbers: string[];
  /** Absent when the service gives no usable prize record. */
  prizes?: PrizeInput;
}

const MAX_AMOUNT = 100_000_000_000;

/** An amount given as a string of digits; '' (not published) is null. */
function amount(x: unknown): number | null | undefined {
  if (x === '' || x === null || x === undefined) return null;
  if (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= MAX_AMOUNT) return x;
  if (typeof x !== 'string' || !/^\d{1,12}$/.test(x)) return undefined;
  const n = Number(x);
  return n <= MAX_AMOUNT ? n : undefined;
}

const ball = (n: unknown): string | undefined =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 49
    ? String(n).padStart(2, '0')
    : undefined;

/**
 * The prize record of an item: `winningUnit` is units times the draw's `unitBet`, so units are
 * that over the stake, to a tenth; a dividend of 0 with no units means nobody won; units of 0
 * with a dividend mean they were not published (the oldest draws).
 */
function prizesOf(
  pool: NonNullable<HkjcDraw['lotteryPool']>,
  snowball: string,
): PrizeInput | string {
  const stake = pool.unitBet;
  if (typeof stake !== 'number' || !Number.isInteger(stake) || stake < 1 || stake > 1000)
    return '每注金额无效';
  const list = pool.lotteryPrizes;
  if (!Array.isArray(list) || list.length < 1 || list.length > 7) return '派彩组数无效';
  const divisions: PrizeDivision[] = [];
  for (const [i, p] of (
    list as { type?: unknown; winningUnit?: unknown; dividend?: unknown }[]
  ).entries()) {
    if (!p || p.type !== i + 1) return `第 ${i + 1} 组派彩顺序无效`;
    const staked = p.winningUnit;
    if (typeof staked !== 'number' || !(staked >= 0) || staked > 1e12)
      return `第 ${i + 1} 组注数无效`;
    const dividend = amount(p.dividend);
    if (dividend === undefined) return `第 ${i + 1} 组派彩无效`;
    const units = Math.round((staked / stake) * 10) / 10;
    if (Math.abs(units * stake - staked) > 1e-6 || units > 100_000_000)
      return `第 ${i + 1} 组注数不是每注金额的十分之一的整数倍`;
    if (units === 0 && !dividend) divisions.push({ division: i + 1, winners: 0, dividend: null });
    else if (units === 0) divisions.push({ division: i + 1, winners: null, dividend });
    else if (dividend === null) return `第 ${i + 1} 组有人中奖却无派彩`;
    else divisions.push({ division: i + 1, winners: units, dividend });
  }
  const turnover = amount(pool.totalInvestment);
  const jackpot = amount(pool.jackpot);
  if (turnover === undefined || jackpot === undefined) return '投注额或头奖基金无效';
  return { divisions, turnover, jackpot, snowball: snowball || null, unitStake: stake };
}

/** One item of the answer; a string says what is wrong with it. */
export function parseHkjcDraw(item: HkjcDraw): HkjcResult | string {
  if (!item || typeof item !== 'object') return '不是对象';
  const year = typeof item.year === 'string' && /^\d{4}$/.test(item.year) ? item.year : undefined;
  const no =
    typeof item.no === 'number' && Number.isInteger(item.no) && item.no >= 1 && item.no <= 999
      ? item.no
      : undefined;
  if (!year || !no) return '年份或期数无效';
  const issue = `${year}${String(no).padStart(3, '0')}`;
  const date =
    typeof item.drawDate === 'string' ? /^(\d{4}-\d{2}-\d{2})/.exec(item.drawDate)?.[1] : undefined;
  if (!date || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return `${issue}：开奖日期无效`;
  const drawn = item.drawResult?.drawnNo;
  if (!Array.isArray(drawn) || drawn.length !== 6) return `${issue}：需要 6 个号码`;
  const numbers = [...drawn, item.drawResult?.xDrawnNo].map(ball);
  if (numbers.some((n) => n === undefined) || new Set(numbers).size !== 7)
    return `${issue}：号码须为 7 个不同的 01-49`;
  const snowball =
    typeof item.snowballName_ch === 'string' ? item.snowballName_ch.slice(0, 40) : '';
  const result: HkjcResult = { issue, date, numbers: numbers as string[] };
  if (item.lotteryPool) {
    const prizes = prizesOf(item.lotteryPool, snowball);
    if (typeof prizes === 'string') return `${issue}：${prizes}`;
    result.prizes = prizes;
  }
  return result;
}

/** The items of a whole answer `{ data: { lotteryDraws: [...] } }`, or what is wrong with it. */
export function hkjcItems(answer: unknown): HkjcDraw[] | string {
  const list = (answer as { data?: { lotteryDraws?: unknown } } | null)?.data?.lotteryDraws;
  return Array.isArray(list) ? (list as HkjcDraw[]) : '不是马会开奖结果（缺少 data.lotteryDraws）';
}
