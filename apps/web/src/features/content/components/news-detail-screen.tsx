import type { NewsDetail } from '@kaijiang/domain';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { LazyImage } from '@/shared/ui/lazy-image';
import { SafeHtml } from '@/shared/ui/safe-html';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useNewsDetailQuery } from '../api/content-api';
import { categoryName } from '../model/categories';
import { formatCount, formatDateTime } from '../model/format-time';
import { categoryWords, newsWords } from '../model/news-words';
import { contentWords } from '../model/words';
import { ShareBar } from './share-bar';
import './content.css';

/** `actions` adds buttons beside "share" for the loaded article (the app passes collect). */
export function NewsDetailScreen({ actions }: { actions?: (news: NewsDetail) => ReactNode }) {
  const w = useMessages(newsWords);
  const cw = useMessages(contentWords);
  const categories = useMessages(categoryWords);
  const { newsId = '' } = useParams();
  const query = useNewsDetailQuery(newsId);
  // Only this article's answer: another's is not shown while this one loads.
  const { currentData: news, isFetching: loading, refetch: retry } = query;
  const error = query.isError && !loading ? errorText(query.error) : null;
  const notFound = query.isError && (query.error as { status?: number }).status === 404;

  if (!news && (notFound || (!loading && !/^\d+$/.test(newsId)))) {
    return (
      <div className="kj-stack">
        <div className="kj-card">
          <EmptyState
            icon="news"
            title={w.notFoundTitle}
            description={w.notFoundHint}
            actions={
              <AppLink className="kj-button" to={paths.news.href()}>
                {w.browseAll}
              </AppLink>
            }
          />
        </div>
      </div>
    );
  }
  if (!news) {
    return (
      <div className="kj-stack">
        {error ? (
          <ErrorNotice message={error} onRetry={retry} />
        ) : (
          <div className="kj-card kj-pad">
            <Skeleton rows={10} />
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="kj-stack">
      <article className="kj-card kj-article" aria-labelledby="kj-article-title">
        <h2 id="kj-article-title" className="kj-article__title">
          {news.title}
        </h2>
        <p className="kj-article__meta">
          <span className="kj-tag">{categoryName(news.category, categories)}</span>
          <time dateTime={news.publishedAt}>{formatDateTime(news.publishedAt)}</time>
          <span>{format(cw.views, { n: formatCount(news.views, cw.tenThousand) })}</span>
        </p>
        {news.cover ? (
          <LazyImage
            className="kj-article__cover"
            src={news.cover}
            alt=""
            width={360}
            height={200}
            eager
          />
        ) : null}
        <SafeHtml html={news.body} className="kj-prose kj-article__body" />
        <ShareBar title={news.title}>{actions?.(news)}</ShareBar>
      </article>
      {loading ? null : (
        <AppLink className="kj-button kj-button--ghost kj-button--block" to={paths.news.href()}>
          {w.more}
        </AppLink>
      )}
    </div>
  );
}
