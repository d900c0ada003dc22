import type { AppDispatch } from '@/shared/store/hooks';
import { memberApi } from './member-api';

// What each member screen reads first, fresh on each visit (a message may have arrived since);
// the screens' hooks keep the entries. Only for a signed-in member (app/router/guard).
const e = memberApi.endpoints;
const fresh = { subscribe: false, forceRefetch: true } as const;

export const loadMessages = async (dispatch: AppDispatch) =>
  Promise.all([
    dispatch(e.messages.initiate(undefined, fresh)),
    dispatch(e.unreadCount.initiate(undefined, fresh)),
  ]);

/** The list of every kind, as the screen opens. */
export const loadCollections = async (dispatch: AppDispatch) =>
  dispatch(e.collections.initiate(null, fresh));
