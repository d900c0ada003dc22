import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';

export function NewsDetailScreen() {
  const { newsId } = useParams();
  return (
    <div className="kj-stack">
      <article className="kj-card" aria-label={`资讯 ${newsId ?? ''}`}>
        <EmptyState
          icon="news"
          title="这篇资讯暂时无法阅读"
          description={`编号为 ${newsId ?? ''} 的资讯尚未发布或已下线。发布后，标题、发布时间和正文会显示在这里。`}
          actions={
            <AppLink className="kj-button" to={paths.news.href()}>
              浏览全部资讯
            </AppLink>
          }
        />
      </article>
    </div>
  );
}
