// Wire format of the live socket (docs/architecture.md §7): parsing of client frames and the server's answers.
import {
  COMMAND,
  HistoryContentSchema,
  MAX_FRAME_BYTES,
  PING_CONTENT,
  SubscribeContentSchema,
} from '@kaijiang/domain';
import type { Draw, DrawSnapshot, HistoryAnswer, RefusalContent } from '@kaijiang/domain';
import { Compile } from 'typebox/compile';

/** Stable codes of a 71 refusal; the msg beside them is Chinese and may be shown as is. */
export const REFUSAL = {
  invalid: { code: 'REQ/INVALID', msg: '消息格式有误' },
  badContent: { code: 'REQ/INVALID', msg: '消息内容有误' },
  tooLarge: { code: 'WS/TOO_LARGE', msg: '消息过大' },
  unknownCommand: { code: 'WS/UNKNOWN_COMMAND', msg: '不支持的指令' },
  tooManyGames: { code: 'WS/TOO_MANY_GAMES', msg: '订阅的游戏过多' },
  error: { code: 'SYS/ERROR', msg: '服务器繁忙，请稍后再试' },
} as const satisfies Record<string, RefusalContent>;

export const gameNotFound = (gameId: number): RefusalContent => ({
  code: 'NOT_FOUND',
  msg: `游戏 ${gameId} 不存在`,
});

/** Close codes: 1008 is the spec's policy violation; the others are private (4000-4999). */
export const CLOSE = {
  rateLimited: 1008,
  /** RFC 6455 "try again later": the per-address connection cap. */
  tryAgainLater: 1013,
  idle: 4408,
  /** The client stopped reading and its unsendable backlog hit the hard cap. */
  tooSlow: 4429,
} as const;

export const HISTORY_DEFAULT = 10;
const ID_MAX = 64;

export type ClientFrame =
  | { kind: 'ping'; id: string }
  | { kind: 'history'; id: string; gameId: number; limit: number }
  | { kind: 'subscribe'; id: string; gameIds: number[] }
  | { kind: 'refused'; id: string; refusal: RefusalContent };

const checkSubscribe = Compile(SubscribeContentSchema);
const checkHistory = Compile(HistoryContentSchema);

/**
 * The id of a frame we will not parse in full (too large, or not JSON), so the client can still
 * match the refusal to its request. Only the head is searched: the id comes first in practice.
 */
export function guessId(text: string): string {
  const m = /"id"\s*:\s*"([^"\\]{1,64})"/.exec(text.slice(0, 256));
  return m?.[1] ?? '';
}

const refused = (id: string, refusal: RefusalContent): ClientFrame => ({
  kind: 'refused',
  id,
  refusal,
});

/** Reads one client frame; anything malformed becomes a refusal carrying the best id we have. */
export function parseClientFrame(data: Buffer, isBinary: boolean): ClientFrame {
  if (data.length > MAX_FRAME_BYTES) {
    return refused(guessId(data.subarray(0, 256).toString('utf8')), REFUSAL.tooLarge);
  }
  const text = data.toString('utf8');
  if (isBinary) return refused(guessId(text), REFUSAL.invalid);
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return refused(guessId(text), REFUSAL.invalid);
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
    return refused('', REFUSAL.invalid);
  }
  const { id, command, content } = frame as Record<string, unknown>;
  if (typeof id !== 'string' || id.length === 0 || id.length > ID_MAX) {
    return refused('', REFUSAL.invalid);
  }
  if (typeof command !== 'number' || !Number.isInteger(command)) {
    return refused(id, REFUSAL.invalid);
  }
  switch (command) {
    case COMMAND.PING:
      return content === PING_CONTENT ? { kind: 'ping', id } : refused(id, REFUSAL.badContent);
    case COMMAND.HISTORY:
      if (!checkHistory.Check(content)) return refused(id, REFUSAL.badContent);
      return {
        kind: 'history',
        id,
        gameId: content.gameId,
        limit: content.limit ?? HISTORY_DEFAULT,
      };
    case COMMAND.SUBSCRIBE:
      if (!checkSubscribe.Check(content)) return refused(id, REFUSAL.badContent);
      return { kind: 'subscribe', id, gameIds: [...new Set(content.gameIds)] };
    default:
      return refused(id, REFUSAL.unknownCommand);
  }
}

export const refusalFrame = (id: string, refusal: RefusalContent): string =>
  JSON.stringify({ id, command: COMMAND.REFUSED, content: refusal });

export const snapshotFrame = (id: string, snapshot: DrawSnapshot): string =>
  JSON.stringify({ id, command: COMMAND.SNAPSHOT, content: snapshot });

export const historyFrame = (id: string, gameId: number, draws: Draw[]): string =>
  JSON.stringify({
    id,
    command: COMMAND.HISTORY,
    content: { gameId, draws } satisfies HistoryAnswer,
  });
