import type { NewsSummary } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { LazyImage } from '@/shared/ui/lazy-image';
import { categoryName } from '../model/categories';
import { formatCount, formatDate } from '../model/format-time';
import { categoryWords } from '../model/news-words';
import { contentWords } from '../model/words';

export function NewsCard({ item }: { item: NewsSummary }) {
  const w = useMessages(contentWords);
  const categories = useMessages(categoryWords);
  return (
    <AppLink className="kj-news-card" to={paths.newsDetail.href(item.id)}>
      <div className="kj-news-card__text">
        <h2 className="kj-news-card__title">{item.title}</h2>
        <p className="kj-news-card__summary">{item.summary}</p>
        <p className="kj-news-card__meta">
          <span className="kj-tag">{categoryName(item.category, categories)}</span>
          <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
          {/* One text node, as in the server's HTML: hydration keeps it untouched. */}
          <span>{format(w.views, { n: formatCount(item.views, w.tenThousand) })}</span>
        </p>
      </div>
      {item.cover ? (
        <LazyImage
          className="kj-news-card__cover"
          src={item.cover}
          alt=""
          width={360}
          height={200}
        />
      ) : null}
    </AppLink>
  );
}
