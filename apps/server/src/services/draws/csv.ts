import { toBall, zonedParts, zonedTimeToUtc, type Game } from '@kaijiang/domain';
import type { DrawRecord } from '../../repositories/index.ts';

/** Columns of the import and the export, so that an export imports back unchanged. */
export const CSV_HEADER = 'issue,date,n1,n2,n3,n4,n5,n6,special';

export function csvLine(d: DrawRecord): string {
  return `${d.issue},${d.drawAt},${d.numbers.join(',')}`;
}

export interface CsvProblem {
  line: number;
  message: string;
}

export type CsvResult = { ok: true; draws: DrawRecord[] } | { ok: false; problems: CsvProblem[] };

const ISSUE = /^[0-9A-Za-z-]{1,32}$/;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A date as the import accepts it: ISO with an offset or Z is an instant; YYYY-MM-DD[ HH:mm]
 * is the game's local time (its draw time when the time is left out).
 */
export function parseDrawDate(text: string, game: Game): Date | null {
  const m = LOCAL.exec(text);
  if (m) {
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const [hh, mm] = m[4] ? [Number(m[4]), Number(m[5])] : game.drawTime.split(':').map(Number);
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
    if (hh === undefined || mm === undefined || hh > 23 || mm > 59) return null;
    return zonedTimeToUtc({ year, month, day }, hh, mm, game.timezone);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text))
    return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : new Date(t);
}

/**
 * Validates every row before anything is stored; problems carry 1-based line numbers. A row
 * dated after `now` (ms) is one: no result is stored before its draw's time.
 */
export function parseDrawsCsv(text: string, game: Game, now = Date.now()): CsvResult {
  const problems: CsvProblem[] = [];
  const draws: DrawRecord[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    const row = raw.trim();
    if (row === '') return;
    const cells = row.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (line === 1 && cells[0]?.toLowerCase() === 'issue') return;
    const fail = (message: string) => problems.push({ line, message });
    if (cells.length !== 9)
      return fail(
        `需要 9 列（期号、日期、6 个号码、特码），实际 ${cells.length} 列 / expected 9 columns, got ${cells.length}`,
      );
    const [issue = '', date = '', ...nums] = cells;
    if (!ISSUE.test(issue)) return fail(`期号无效 / invalid issue "${issue}"`);
    const first = seen.get(issue);
    if (first !== undefined)
      return fail(`期号 ${issue} 与第 ${first} 行重复 / duplicate issue (line ${first})`);
    seen.set(issue, line);
    const at = parseDrawDate(date, game);
    if (!at) return fail(`日期无效 / invalid date "${date}"`);
    if (at.getTime() > now) {
      return fail(`第 ${issue} 期尚未到开奖时间 / issue ${issue} is not drawn yet (${date})`);
    }
    const numbers: string[] = [];
    for (const n of nums) {
      if (!/^\d{1,2}$/.test(n) || Number(n) < 1 || Number(n) > 49) {
        return fail(`号码必须是 01-49 / number must be 01-49, got "${n}"`);
      }
      numbers.push(toBall(n));
    }
    if (new Set(numbers).size !== 7)
      return fail('7 个号码不能重复 / the 7 numbers must be distinct');
    draws.push({
      gameId: game.id,
      issue,
      drawAt: at.toISOString(),
      year: zonedParts(at, game.timezone).year,
      status: 'done',
      numbers,
      source: 'import',
    });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, draws };
}
