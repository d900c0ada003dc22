export { loadNewsDetail as loader } from '@/features/content/api/loaders';
import { NewsDetailScreen } from '@/features/content/components/news-detail-screen';
import { CollectButton } from '@/features/member/components/collect-button';
import { paths } from '@/shared/config/paths';

/** The article with its collect toggle: content and member features meet here, in app/. */
export function Component() {
  return (
    <NewsDetailScreen
      actions={(news) => (
        <CollectButton
          kind="news"
          refId={String(news.id)}
          title={news.title}
          returnTo={paths.newsDetail.href(news.id)}
        />
      )}
    />
  );
}
