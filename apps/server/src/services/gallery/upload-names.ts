// Which issue, version and place a file goes to, read from its name (docs/architecture.md §14):
// 2026123.jpg, 2026123-2.png (the second picture), 2026123-mono.jpg, 第2026123期.jpg,
// 2026123_黑白_3.jpg. Folders in the name are ignored; anything else is a problem to show.
import type { GalleryModes, GalleryVariant } from '@kaijiang/domain';

export const MAX_POSITION = 20;

export interface NameMatch {
  issue: string | null;
  variant: GalleryVariant | null;
  position: number | null;
  problem: string | null;
}

const MONO = new Set(['mono', 'bw', 'hb', '黑白']);
const COLOUR = new Set(['colour', 'color', 'cs', '彩色', '彩']);
const EXT = /\.(jpe?g|png|gif)$/i;

/**
 * Reads a file name. `issueDigits` is the length of the game's issues (7 for YYYYNNN, 12 for a
 * game drawn every few minutes), `modes` the series' versions.
 */
export function matchName(
  fileName: string,
  opts: { issueDigits: number; modes: GalleryModes; year: number },
): NameMatch {
  const none = (problem: string): NameMatch => ({
    issue: null,
    variant: null,
    position: null,
    problem,
  });
  const base = fileName.split(/[\\/]/).pop() ?? '';
  if (!EXT.test(base)) return none('不是 JPG、PNG 或 GIF 图片');
  const stem = base.replace(EXT, '').normalize('NFKC').trim().toLowerCase();
  const m = /^第?\s*(\d+)\s*期?(.*)$/.exec(stem);
  if (!m) return none('文件名里没有期号');
  const issue = m[1]!;
  if (issue.length !== opts.issueDigits) return none(`期号不对（应为 ${opts.issueDigits} 位数字）`);
  const year = Number(issue.slice(0, 4));
  if (year < 2000 || year > opts.year + 1) return none('期号不对（年份不合理）');
  let variant: GalleryVariant | null = null;
  let position: number | null = null;
  for (const token of m[2]!.split(/[-_\s.]+/).filter(Boolean)) {
    if (MONO.has(token) && variant === null) variant = 'mono';
    else if (COLOUR.has(token) && variant === null) variant = 'colour';
    else if (/^\d{1,2}$/.test(token) && position === null) {
      const n = Number(token);
      if (n < 1 || n > MAX_POSITION) return none(`序号应在 1 到 ${MAX_POSITION} 之间`);
      position = n - 1;
    } else return none(`看不懂文件名中的「${token}」`);
  }
  variant ??= opts.modes === 'mono' ? 'mono' : 'colour';
  if (opts.modes !== 'both' && variant !== opts.modes)
    return {
      issue,
      variant,
      position: position ?? 0,
      problem: opts.modes === 'mono' ? '该图库只有黑白版' : '该图库只有彩色版',
    };
  return { issue, variant, position: position ?? 0, problem: null };
}
