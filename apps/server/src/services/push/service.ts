import { PUSH_LANGS, type Game, type PushLang } from '@kaijiang/domain';
import { lunarYearAt } from '../draws/detail.ts';
import { AppError } from '../../lib/errors.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { canonicalEndpoint, endpointGuard } from '../../lib/push-endpoints.ts';
import type { JobDraw, PushSender } from './sender.ts';

export interface PushSubscribeInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  games: number[];
  lang: PushLang;
}

export interface PushService {
  readonly publicKey: string;
  /** The device follows exactly these games from now on (none: it is forgotten). */
  save(input: PushSubscribeInput): Promise<number[]>;
  /** The games a device follows ([] for one we do not know, or no longer: 404/410 pruned it). */
  gamesOf(endpoint: string): Promise<number[]>;
  /** A draw of ours finished: queue its push (once per draw, whichever instance calls). */
  finished(draw: DrawRecord, game: Game): Promise<void>;
  sender: PushSender | null;
}

export interface PushServiceDeps {
  repos: Repositories;
  publicKey: string;
  services: readonly string[];
  gameExists: (gameId: number) => Promise<boolean>;
  sender: PushSender | null;
  /** Most subscriptions kept (every send costs us a request). */
  maxSubscriptions?: number;
  now?: () => number;
}

/** Older results are history, not news: a draw stored this late (a catch-up) is not pushed. */
const PUSH_WITHIN_MS = 2 * 3600_000;
const COUNT_TTL_MS = 60_000;

const invalid = (field: string, msg: string) =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: msg });

/** A P-256 public key as browsers give it: 65 bytes, uncompressed (0x04 first). */
function isP256Point(b64: string): boolean {
  const b = Buffer.from(b64, 'base64url');
  return b.length === 65 && b[0] === 4;
}

export function createPushService(deps: PushServiceDeps): PushService {
  const { repos } = deps;
  const allowed = endpointGuard(deps.services);
  const max = deps.maxSubscriptions ?? 1_000_000;
  const now = deps.now ?? Date.now;
  let counted: { n: number; at: number } | undefined;

  async function roomFor(endpoint: string) {
    // A count of a big table costs: once a minute is close enough for a ceiling.
    if (!counted || now() - counted.at > COUNT_TTL_MS) {
      counted = { n: await repos.push.count(), at: now() };
    }
    if (counted.n < max) return;
    if ((await repos.push.gamesOf(endpoint)) !== undefined) return;
    throw new AppError(503, 'PUSH/FULL', '开奖提醒的订阅已满，请稍后再试');
  }

  return {
    publicKey: deps.publicKey,
    sender: deps.sender,
    async save(given) {
      const endpoint = canonicalEndpoint(given.endpoint);
      if (endpoint === null || !allowed(endpoint)) {
        throw invalid('endpoint', '不支持此浏览器的推送服务');
      }
      const input = { ...given, endpoint };
      if (!isP256Point(input.p256dh)) throw invalid('p256dh', '订阅的密钥无效');
      if (Buffer.from(input.auth, 'base64url').length !== 16) {
        throw invalid('auth', '订阅的密钥无效');
      }
      if (!PUSH_LANGS.includes(input.lang)) throw invalid('lang', '语言无效');
      const games = [...new Set(input.games)].sort((a, b) => a - b);
      for (const g of games) {
        if (!(await deps.gameExists(g))) throw invalid('games', `游戏 ${g} 不存在`);
      }
      if (games.length > 0) await roomFor(input.endpoint);
      await repos.push.save(
        { endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, lang: input.lang },
        games,
        new Date(now()).toISOString(),
      );
      if (counted && games.length > 0) counted.n++;
      return games;
    },
    async gamesOf(given) {
      const endpoint = canonicalEndpoint(given);
      if (endpoint === null) return [];
      return (await repos.push.gamesOf(endpoint)) ?? [];
    },
    async finished(draw, game) {
      if (draw.numbers.length !== 7) return;
      if (now() - Date.parse(draw.drawAt) > PUSH_WITHIN_MS) return;
      const job: JobDraw = {
        gameName: game.name,
        numbers: draw.numbers,
        lunarYear: lunarYearAt(draw.drawAt),
      };
      const queued = await repos.push.enqueue(
        { gameId: draw.gameId, issue: draw.issue, draw: JSON.stringify(job) },
        new Date(now()).toISOString(),
      );
      if (queued) deps.sender?.kick();
    },
  };
}
