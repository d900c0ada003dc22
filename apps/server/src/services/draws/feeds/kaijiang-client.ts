import { createUpstreamClient, type RemoteDraw } from '../sources/upstream-client.ts';
import { FEED_TIMEOUT_MS, type FeedClient, type FeedDraw } from './feed-types.ts';

const PAGE = 100;
const PAGES_MAX = 10;

const toFeedDraw = (r: RemoteDraw): FeedDraw => ({
  issue: r.issue,
  drawAt: r.drawAt,
  numbers: r.numbers,
  complete: r.status === 'done' && r.numbers.length === 7,
  ordered: true,
  ...(r.prizes && { prizes: r.prizes }),
});

/** Another kaijiang's public API, ball by ball. */
export function createKaijiangClient(
  url: string,
  remoteGameId: number,
  timeoutMs = FEED_TIMEOUT_MS,
): FeedClient {
  const client = createUpstreamClient(url, remoteGameId, timeoutMs);
  return {
    kind: 'kaijiang',
    async latest() {
      return { draws: [toFeedDraw(await client.latest())] };
    },
    async since(from, until, max) {
      const out: FeedDraw[] = [];
      for (let page = 1; page <= PAGES_MAX && out.length < max; page++) {
        const items = await client.history(page, PAGE);
        for (const r of items) {
          const t = Date.parse(r.drawAt);
          if (t >= from.getTime() && t <= until.getTime()) out.push(toFeedDraw(r));
        }
        const oldest = items.at(-1);
        if (items.length < PAGE || !oldest || Date.parse(oldest.drawAt) < from.getTime()) break;
      }
      return out.sort((a, b) => a.drawAt.localeCompare(b.drawAt)).slice(0, max);
    },
  };
}
