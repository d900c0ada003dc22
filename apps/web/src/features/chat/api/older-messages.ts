import { CHAT_PAGE_MAX } from '@kaijiang/domain';
import type { AppDispatch } from '@/shared/store/hooks';
import { merge } from '../model/room-view';
import { chatApi } from './chat-api';
import { readMessages } from './chat-messages';

/** The page of messages before the oldest one the room holds, added to its cache entry. */
export async function loadOlder(
  dispatch: AppDispatch,
  room: string,
  before: number,
): Promise<void> {
  const { items } = await readMessages(dispatch, { room, before });
  dispatch(
    chatApi.util.updateQueryData('chatRoom', room, (view) => {
      merge(view, items, true);
      view.hasOlder = items.length === CHAT_PAGE_MAX;
    }),
  );
}
