import { PrizeInputSchema, isBall, type PrizeInput } from '@kaijiang/domain';
import { Compile } from 'typebox/compile';
import { prizeProblems } from '../prize-record.ts';
import { FeedError as UpstreamError, fetchJson } from '../feeds/feed-http.ts';

export { UpstreamError };

/** What we take from another kaijiang's answers; anything else there is ignored. */
export interface RemoteDraw {
  issue: string;
  drawAt: string;
  status: 'waiting' | 'drawing' | 'done';
  numbers: string[];
  /** The draw's prize record when the upstream has one (Hong Kong style games). */
  prizes?: PrizeInput;
}

const checkPrizes = Compile(PrizeInputSchema);

/**
 * The upstream's prize record reduced to what an operator could enter, or undefined when it
 * has none or one we cannot trust (then the draw itself is still taken).
 */
function parseRemotePrizes(x: unknown): PrizeInput | undefined {
  if (x === null || typeof x !== 'object') return undefined;
  const { divisions, turnover, jackpot, snowball } = x as Record<string, unknown>;
  const input = {
    divisions: Array.isArray(divisions)
      ? divisions.map((d: unknown) => {
          const { division, winners, dividend } = (d ?? {}) as Record<string, unknown>;
          return { division, winners, dividend };
        })
      : divisions,
    turnover,
    jackpot,
    snowball,
  };
  if (!checkPrizes.Check(input)) return undefined;
  return Object.keys(prizeProblems(input)).length === 0 ? input : undefined;
}

const STATUSES: readonly string[] = ['waiting', 'drawing', 'done', 'delayed', 'disputed'];

/** Far above a 100-draw history page (~60 KB): anything longer is not an answer we asked for. */
export const UPSTREAM_MAX_BYTES = 1024 * 1024;

/** Checks one draw of the upstream's API; garbage is refused rather than stored. */
export function parseRemoteDraw(x: unknown): RemoteDraw {
  const d = x as Partial<Record<keyof RemoteDraw, unknown>> | null;
  const numbers = d?.numbers;
  const ok =
    d !== null &&
    typeof d === 'object' &&
    typeof d.issue === 'string' &&
    /^[0-9A-Za-z-]{1,32}$/.test(d.issue) &&
    typeof d.drawAt === 'string' &&
    !Number.isNaN(Date.parse(d.drawAt)) &&
    typeof d.status === 'string' &&
    STATUSES.includes(d.status) &&
    Array.isArray(numbers) &&
    numbers.length <= 7 &&
    numbers.every(isBall) &&
    new Set(numbers).size === numbers.length &&
    (d.status !== 'done' || numbers.length === 7);
  if (!ok) throw new UpstreamError('upstream sent a draw we cannot read');
  return {
    issue: d.issue as string,
    drawAt: new Date(d.drawAt as string).toISOString(),
    // Its late or disputed draw is, for us, one still under way.
    status:
      d.status === 'delayed' || d.status === 'disputed'
        ? 'drawing'
        : (d.status as RemoteDraw['status']),
    numbers: [...(numbers as string[])],
    ...(d.status === 'done' && withPrizes(parseRemotePrizes((x as { prizes?: unknown }).prizes))),
  };
}

const withPrizes = (prizes: PrizeInput | undefined) => (prizes ? { prizes } : {});

export interface UpstreamClient {
  latest(): Promise<RemoteDraw>;
  /** Finished draws newest first. */
  history(page: number, pageSize: number): Promise<RemoteDraw[]>;
  /** One draw, or null when the upstream does not know it. */
  draw(issue: string): Promise<RemoteDraw | null>;
}

export function createUpstreamClient(
  baseUrl: string,
  gameId: number,
  timeoutMs: number,
): UpstreamClient {
  const base = `${baseUrl.replace(/\/+$/, '')}/app-api/api/v2/draws`;
  async function get(path: string, allow404 = false): Promise<unknown> {
    const body = await fetchJson({
      url: `${base}${path}`,
      timeoutMs,
      maxBytes: UPSTREAM_MAX_BYTES,
      allow404,
    });
    if (body === null && allow404) return null;
    const env = body as { code?: unknown; data?: unknown } | null;
    if (!env || env.code !== 'OK') throw new UpstreamError('upstream answered with an error');
    return env.data;
  }
  return {
    async latest() {
      return parseRemoteDraw(await get(`/latest?gameId=${gameId}`));
    },
    async history(page, pageSize) {
      const data = (await get(`/history?gameId=${gameId}&page=${page}&pageSize=${pageSize}`)) as {
        items?: unknown;
      } | null;
      if (!data || !Array.isArray(data.items)) throw new UpstreamError('bad upstream history');
      return data.items.map(parseRemoteDraw);
    },
    async draw(issue) {
      const data = await get(`/${gameId}/${encodeURIComponent(issue)}`, true);
      return data === null ? null : parseRemoteDraw(data);
    },
  };
}
