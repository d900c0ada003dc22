import { api, API_PREFIX } from '@/shared/api/http-client';

export function markAllRead(): Promise<{ updated: number }> {
  return api().post<{ updated: number }>(`${API_PREFIX.v2}/messages/read-all`);
}
