import type { NewsDetail } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

/** The server counts a view for each call. */
export function getNewsDetail(id: string, signal?: AbortSignal): Promise<NewsDetail> {
  return getPublic<NewsDetail>(`/news/${encodeURIComponent(id)}`, {}, { signal });
}
