import type { AppDispatch } from '@/shared/store/hooks';
import { authApi } from './auth-api';

/**
 * The member's profile, fresh on each visit of a screen that shows it (a change made on another
 * device shows); the screen's hook keeps the entry. Only for a signed-in member (app/router/guard).
 */
export const loadProfile = async (dispatch: AppDispatch) =>
  dispatch(authApi.endpoints.profile.initiate(undefined, { subscribe: false, forceRefetch: true }));
