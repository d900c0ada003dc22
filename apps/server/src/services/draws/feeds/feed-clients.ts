import type { Game, SourceEntry } from '@kaijiang/domain';
import { createHkjcClient } from './hkjc-client.ts';
import { createKaijiangClient } from './kaijiang-client.ts';
import { createMacaujcClient } from './macaujc-client.ts';
import type { FeedClient } from './feed-types.ts';

/** The client of a list entry, or null for one that is not a feed (or lacks its address). */
export function feedClientOf(
  entry: SourceEntry,
  game: Game,
  timeoutMs?: number,
): FeedClient | null {
  switch (entry.kind) {
    case 'hkjc':
      return createHkjcClient(entry.url, game, timeoutMs);
    case 'macaujc':
      return entry.url && entry.remote
        ? createMacaujcClient(entry.url, entry.remote, game, timeoutMs)
        : null;
    case 'kaijiang': {
      if (!entry.url) return null;
      const remote = Number(entry.remote);
      return createKaijiangClient(
        entry.url,
        Number.isInteger(remote) && remote > 0 ? remote : game.id,
        timeoutMs,
      );
    }
    default:
      return null;
  }
}
