// What a game's room is told while its draw runs: each ball as it comes out, then the result.
import type { DrawSnapshot } from '@kaijiang/domain';

const pad = (n: string) => n.padStart(2, '0');
const ORDINAL = ['一', '二', '三', '四', '五', '六'];

/** The room's message for a snapshot, with the key that makes it once per draw and ball. */
export function announcementOf(s: DrawSnapshot): { text: string; key: string } | null {
  const n = s.numbers.length;
  if (s.status === 'done' && n === 7) {
    const regular = s.numbers.slice(0, 6).map(pad).join(' ');
    return {
      text: `第 ${s.issue} 期开奖结果：${regular} 特码 ${pad(s.numbers[6]!)}`,
      key: `draw:${s.gameId}:${s.issue}:done`,
    };
  }
  if (s.status !== 'drawing' || n === 0) return null;
  const ball = pad(s.numbers[n - 1]!);
  return {
    text:
      n === 7
        ? `第 ${s.issue} 期 特码：${ball}`
        : `第 ${s.issue} 期 第${ORDINAL[n - 1]}个号码：${ball}`,
    key: `draw:${s.gameId}:${s.issue}:${n}`,
  };
}
