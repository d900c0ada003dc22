import type { Profile } from '@kaijiang/domain';
import { api } from '@/shared/api/http-client';

/** DESIGN §4: `_t` defeats caches between the page and us. */
export function getProfile(): Promise<Profile> {
  return api().get<Profile>('/api/user/info', { params: { _t: Date.now() } });
}
