import { api, API_PREFIX } from '@/shared/api/http-client';

export function removeCollection(id: number): Promise<boolean> {
  return api().delete<boolean>(`${API_PREFIX.v2}/collections/${id}`);
}
