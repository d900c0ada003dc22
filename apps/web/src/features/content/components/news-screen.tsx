import { Deferred } from '@/shared/ui/deferred';
import { NEWS_CATEGORIES, type NewsCategory, type NewsSummary } from '@kaijiang/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { getNewsPage, inlinedNewsPage } from '../api/get-news-page';
import { usePagedList } from '../hooks/use-paged-list';
import { parseCategory } from '../model/categories';
import { ListFooter } from './list-footer';
import { NewsCard } from './news-card';
import './content.css';

const TABS: { code: NewsCategory | undefined; name: string }[] = [
  { code: undefined, name: '全部' },
  ...NEWS_CATEGORIES.map((c) => ({ code: c.code, name: c.name })),
];

const newsId = (n: NewsSummary) => n.id;

export function NewsScreen() {
  const [params, setParams] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) => getNewsPage({ category, page }, signal),
    [category],
  );
  const firstPage = useCallback(() => inlinedNewsPage(category), [category]);
  const list = usePagedList(category ?? 'all', fetchPage, newsId, firstPage);

  return (
    <div className="kj-stack">
      <div className="kj-tabs" role="tablist" aria-label="资讯分类">
        {TABS.map((tab) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            aria-selected={tab.code === category}
            className={tab.code === category ? 'kj-tab kj-tab--active' : 'kj-tab'}
            onClick={() => setParams(tab.code ? { category: tab.code } : {}, { replace: true })}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {list.items.length === 0 && list.loading ? (
        <div className="kj-card kj-pad">
          <Skeleton rows={6} />
        </div>
      ) : list.items.length === 0 && list.error ? (
        <ErrorNotice message={list.error} onRetry={list.retry} />
      ) : list.items.length === 0 ? (
        <div className="kj-card">
          <EmptyState
            icon="news"
            title="这个分类还没有资讯"
            description="换个分类看看，或稍后再来。"
          />
        </div>
      ) : (
        <>
          <ul className="kj-news-list" aria-label="资讯列表">
            {list.items.map((item) => (
              <li key={item.id}>
                {/* A server-rendered page builds its cards one task each, after the first render. */}
                <Deferred id={`news-${item.id}`}>
                  <NewsCard item={item} />
                </Deferred>
              </li>
            ))}
          </ul>
          <ListFooter list={list} endText="已经到底了" />
        </>
      )}
    </div>
  );
}
