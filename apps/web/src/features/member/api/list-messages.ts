import type { MessagePage } from '@kaijiang/domain';
import { api, API_PREFIX } from '@/shared/api/http-client';

export function listMessages(page: number, pageSize = 20): Promise<MessagePage> {
  return api().get<MessagePage>(`${API_PREFIX.v2}/messages`, { params: { page, pageSize } });
}
