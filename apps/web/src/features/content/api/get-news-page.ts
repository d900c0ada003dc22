import { NEWS_PAGE_SIZE, type NewsCategory, type NewsPage } from '@kaijiang/domain';
import { getPublic, inlinedPublic, type Inlined } from '@/shared/api/public-api';

export { NEWS_PAGE_SIZE };

type NewsQuery = { category?: NewsCategory; page: number; pageSize?: number };

const query = (q: NewsQuery) => ({
  category: q.category,
  page: q.page,
  pageSize: q.pageSize ?? NEWS_PAGE_SIZE,
});

export function getNewsPage(q: NewsQuery, signal?: AbortSignal): Promise<NewsPage> {
  return getPublic<NewsPage>('/news', query(q), { signal });
}

/** Page 1 of `category` as the server-rendered page carries it, if it does. */
export function inlinedNewsPage(category: NewsCategory | undefined): Inlined<NewsPage> | undefined {
  return inlinedPublic<NewsPage>('/news', query({ category, page: 1 }));
}
