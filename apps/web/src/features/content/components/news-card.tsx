import type { NewsSummary } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { LazyImage } from '@/shared/ui/lazy-image';
import { categoryName } from '../model/categories';
import { formatCount, formatDate } from '../model/format-time';

export function NewsCard({ item }: { item: NewsSummary }) {
  return (
    <AppLink className="kj-news-card" to={paths.newsDetail.href(item.id)}>
      <div className="kj-news-card__text">
        <h2 className="kj-news-card__title">{item.title}</h2>
        <p className="kj-news-card__summary">{item.summary}</p>
        <p className="kj-news-card__meta">
          <span className="kj-tag">{categoryName(item.category)}</span>
          <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
          {/* One text node, as in the server's HTML: hydration keeps it untouched. */}
          <span>{`${formatCount(item.views)} 阅读`}</span>
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
