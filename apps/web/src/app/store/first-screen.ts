import { seedLatestFromPage } from '@/shared/live/load-latest';
import type { AppStore } from './store';
import { startup } from './startup';

/**
 * Everything the first screen shows, from the data inlined in the page: the latest draws, then the
 * start-up sequence. The server renders after it; the browser renders a server-rendered page only
 * after it too, so both renders see the same state and the page does not flash back to skeletons.
 */
export async function prepareFirstScreen(store: AppStore): Promise<void> {
  seedLatestFromPage(store);
  await startup(store.dispatch, store.getState);
}
