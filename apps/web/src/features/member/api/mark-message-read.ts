import { api, API_PREFIX } from '@/shared/api/http-client';

export function markMessageRead(id: number): Promise<boolean> {
  return api().post<boolean>(`${API_PREFIX.v2}/messages/${id}/read`);
}
