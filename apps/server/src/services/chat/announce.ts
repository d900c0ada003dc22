// What a game's room is told of its draw: one message a draw, posted when its first ball is out
// and rewritten with the result when it is done. The web shows it as a card that fills in from
// the live draw (the same snapshots as the draw stage), so the room reads one line a draw.
import type { DrawSnapshot } from '@kaijiang/domain';

const pad = (n: string) => n.padStart(2, '0');

/** The once-key of a draw's message: `draw:<gameId>:<issue>`. */
export const drawKeyOf = (gameId: number, issue: string) => `draw:${gameId}:${issue}`;
const DRAW_KEY = /^draw:([1-9]\d{0,5}):([0-9A-Za-z-]{1,40})$/;

/** The draw a room message is about, from its once-key (undefined for any other message). */
export function drawOfKey(
  key: string | null | undefined,
): { gameId: number; issue: string } | undefined {
  const m = key ? DRAW_KEY.exec(key) : null;
  return m ? { gameId: Number(m[1]), issue: m[2]! } : undefined;
}

/**
 * The room's message for a snapshot: while the draw runs, that it runs (`final` false); once all
 * seven are out, the result (`final`: the message is rewritten with it).
 */
export function announcementOf(
  s: DrawSnapshot,
): { text: string; key: string; final: boolean } | null {
  const n = s.numbers.length;
  const key = drawKeyOf(s.gameId, s.issue);
  if (s.status === 'done' && n === 7) {
    const regular = s.numbers.slice(0, 6).map(pad).join(' ');
    return {
      text: `第 ${s.issue} 期开奖结果：${regular} 特码 ${pad(s.numbers[6]!)}`,
      key,
      final: true,
    };
  }
  if (s.status !== 'drawing' || n === 0) return null;
  return { text: `第 ${s.issue} 期 开奖中`, key, final: false };
}
