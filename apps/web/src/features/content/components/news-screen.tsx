import { Deferred } from '@/shared/ui/deferred';
import { NEWS_CATEGORIES, type NewsCategory, type NewsSummary } from '@kaijiang/domain';
import { useSearchParams } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { usePagedList } from '@/shared/api/paged-list';
import { useNewsInfiniteQuery } from '../api/content-api';
import { parseCategory } from '../model/categories';
import { categoryWords, newsWords } from '../model/news-words';
import { contentWords } from '../model/words';
import { ListFooter } from '@/shared/ui/list-footer';
import { NewsCard } from './news-card';
import '@/shared/ui/pills.css';
import './content.css';

const TABS: (NewsCategory | undefined)[] = [undefined, ...NEWS_CATEGORIES.map((c) => c.code)];

const newsId = (n: NewsSummary) => n.id;

export function NewsScreen() {
  const w = useMessages(newsWords);
  const categories = useMessages(categoryWords);
  const more = useMessages(contentWords);
  const [params, setParams] = useSearchParams();
  const category = parseCategory(params.get('category'));
  const list = usePagedList(useNewsInfiniteQuery(category ?? null), newsId);

  return (
    <div className="kj-stack">
      <div className="kj-scroll-row kj-pill-tabs" role="tablist" aria-label={w.tabsLabel}>
        {TABS.map((code) => (
          <button
            key={code ?? 'all'}
            type="button"
            role="tab"
            aria-selected={code === category}
            className={code === category ? 'kj-tab kj-tab--active' : 'kj-tab'}
            onClick={() => setParams(code ? { category: code } : {}, { replace: true })}
          >
            {code ? categories[code] : w.all}
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
          <EmptyState icon="news" title={w.emptyTitle} description={w.emptyHint} />
        </div>
      ) : (
        <>
          <ul className="kj-news-list" aria-label={w.listLabel}>
            {list.items.map((item) => (
              <li key={item.id}>
                {/* A server-rendered page builds its cards one task each, after the first render. */}
                <Deferred id={`news-${item.id}`}>
                  <NewsCard item={item} />
                </Deferred>
              </li>
            ))}
          </ul>
          <ListFooter list={list} words={{ ...more, end: w.end }} />
        </>
      )}
    </div>
  );
}
