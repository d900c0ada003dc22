import type { NewsCategory, NewsPage } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

export const NEWS_PAGE_SIZE = 10;

export function getNewsPage(
  q: { category?: NewsCategory; page: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<NewsPage> {
  return getPublic<NewsPage>(
    '/news',
    { category: q.category, page: q.page, pageSize: q.pageSize ?? NEWS_PAGE_SIZE },
    { signal },
  );
}
