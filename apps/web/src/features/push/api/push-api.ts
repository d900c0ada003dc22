import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  games: number[];
  lang: 'zh-Hans' | 'zh-Hant';
}

/** Draw-end notifications (issue 16): the server's key, and which games this device follows. */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushKey: build.query<{ publicKey: string }, void>({
      query: () => ({ url: `${API_PREFIX.v2}/push/key` }),
    }),
    // A POST: the endpoint is the device's secret, not for a URL.
    pushGames: build.mutation<{ games: number[] }, string>({
      query: (endpoint) => ({
        url: `${API_PREFIX.v2}/push/subscription/games`,
        method: 'POST',
        body: { endpoint },
      }),
    }),
    savePushSubscription: build.mutation<{ games: number[] }, PushSubscriptionBody>({
      query: (body) => ({ url: `${API_PREFIX.v2}/push/subscription`, method: 'PUT', body }),
    }),
  }),
});
