// History files an operator imports: the Jockey Club's results answer (hkjc), the common Macau
// feed's year envelope (macaujc), and our own CSV export. Each becomes finished draws of one
// game, with a prize record where the file has one. Every item is checked before anything is
// stored: one bad item and the file is refused, with the item and what is wrong.
import {
  hkjcItems,
  isBall,
  maxNumberOf,
  parseHkjcDraw,
  zonedParts,
  zonedTimeToUtc,
  type Game,
  type PrizeInput,
} from '@kaijiang/domain';
import type { DrawRecord } from '../../../repositories/index.ts';
import { parseDrawDate, parseDrawsCsv, type CsvProblem } from '../csv.ts';

export const HISTORY_FORMATS = ['hkjc', 'macaujc', 'csv'] as const;
export type HistoryFormat = (typeof HISTORY_FORMATS)[number];

export interface HistoryDraw {
  draw: DrawRecord;
  prizes?: PrizeInput;
}

/** `line` is the CSV line, or the item's place in a JSON file (1-based). */
export type HistoryProblem = CsvProblem;

export type ParsedHistory =
  { ok: true; draws: HistoryDraw[] } | { ok: false; problems: HistoryProblem[] };

/** Draws in a file at most: 33 years of a daily game, several times over. */
export const HISTORY_FILE_MAX_DRAWS = 100_000;

function json(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

const finished = (game: Game, issue: string, at: Date, numbers: string[]): DrawRecord => ({
  gameId: game.id,
  issue,
  drawAt: at.toISOString(),
  year: zonedParts(at, game.timezone).year,
  status: 'done',
  numbers,
  source: 'import',
});

function fromHkjc(text: string, game: Game, problems: HistoryProblem[]): HistoryDraw[] {
  const items = hkjcItems(json(text));
  if (typeof items === 'string') {
    problems.push({ line: 1, message: items });
    return [];
  }
  const [hh, mm] = game.drawTime.split(':').map(Number) as [number, number];
  const out: HistoryDraw[] = [];
  items.forEach((item, i) => {
    const r = parseHkjcDraw(item);
    if (typeof r === 'string') return problems.push({ line: i + 1, message: r });
    const [year, month, day] = r.date.split('-').map(Number) as [number, number, number];
    // The service gives the day; the draw is at the game's draw time that day.
    const at = zonedTimeToUtc({ year, month, day }, hh, mm, game.timezone);
    out.push({ draw: finished(game, r.issue, at, r.numbers), prizes: r.prizes });
  });
  return out;
}

interface MacauItem {
  expect?: unknown;
  openTime?: unknown;
  openCode?: unknown;
}

function fromMacaujc(text: string, game: Game, problems: HistoryProblem[]): HistoryDraw[] {
  const body = json(text) as { code?: unknown; data?: unknown } | unknown[] | undefined;
  // The year envelope, or the bare list the latest call answers.
  const items = Array.isArray(body) ? body : body?.data;
  if (!Array.isArray(items)) {
    problems.push({ line: 1, message: '不是澳门开奖数据（需要 {code:200,data:[…]}）' });
    return [];
  }
  const out: HistoryDraw[] = [];
  (items as MacauItem[]).forEach((item, i) => {
    const fail = (message: string) => problems.push({ line: i + 1, message });
    const issue =
      typeof item?.expect === 'string' ? item.expect.trim() : String(item?.expect ?? '');
    if (!/^\d{1,32}$/.test(issue)) return fail(`期号无效 "${issue.slice(0, 40)}"`);
    const at = typeof item.openTime === 'string' ? parseDrawDate(item.openTime.trim(), game) : null;
    if (!at) return fail(`${issue}：开奖时间无效`);
    const code = typeof item.openCode === 'string' ? item.openCode.split(',') : [];
    const numbers = code.map((n) => n.trim().padStart(2, '0'));
    if (numbers.length !== 7 || !numbers.every(isBall) || new Set(numbers).size !== 7)
      return fail(`${issue}：开奖号码须为 7 个不同的 01-49（未开完的期不能导入）`);
    out.push({ draw: finished(game, issue, at, numbers) });
  });
  return out;
}

/**
 * The draws of a file, each checked: its numbers within its era's range (a 1993 draw with a 48
 * is a wrong file), no issue twice, no draw after `now`.
 */
export function parseHistory(
  format: HistoryFormat,
  text: string,
  game: Game,
  now: number,
): ParsedHistory {
  const problems: HistoryProblem[] = [];
  let draws: HistoryDraw[];
  if (format === 'csv') {
    const csv = parseDrawsCsv(text, game);
    if (!csv.ok) return csv;
    draws = csv.draws.map((draw) => ({ draw }));
  } else {
    draws = format === 'hkjc' ? fromHkjc(text, game, problems) : fromMacaujc(text, game, problems);
  }
  if (draws.length > HISTORY_FILE_MAX_DRAWS)
    return {
      ok: false,
      problems: [{ line: 1, message: `一次最多导入 ${HISTORY_FILE_MAX_DRAWS} 期` }],
    };
  const seen = new Map<string, number>();
  draws.forEach(({ draw }, i) => {
    const line = i + 1;
    const first = seen.get(draw.issue);
    if (first !== undefined && format !== 'csv')
      problems.push({ line, message: `期号 ${draw.issue} 与第 ${first} 项重复` });
    seen.set(draw.issue, line);
    const max = maxNumberOf(game.eras, draw.issue);
    if (draw.numbers.some((n) => Number(n) > max))
      problems.push({ line, message: `${draw.issue}：号码超出该期范围 01-${max}` });
    if (Date.parse(draw.drawAt) > now)
      problems.push({ line, message: `${draw.issue}：开奖时间在未来，不能导入` });
  });
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return { ok: true, draws };
}
