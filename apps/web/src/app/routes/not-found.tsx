import { useLocation } from 'react-router';
import { DEFAULT_GAME_ID, paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';

/** Any path outside the route table (spec §2). */
export function Component() {
  const { pathname } = useLocation();
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState
          icon="question"
          title="没有找到这个页面"
          description={`地址 ${pathname} 不存在，可能已经移动或输入有误。`}
          actions={
            <>
              <AppLink className="kj-button" to={paths.game.href(DEFAULT_GAME_ID)}>
                返回首页
              </AppLink>
              <AppLink className="kj-button kj-button--ghost" to={paths.moreAction.href()}>
                浏览全部功能
              </AppLink>
            </>
          }
        />
      </div>
    </div>
  );
}
