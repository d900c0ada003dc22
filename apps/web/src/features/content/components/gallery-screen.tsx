import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';

export function GalleryScreen() {
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState
          icon="gallery"
          title="图库正在整理中"
          description="每期的资料图、走势图和玄机图会按彩种和期数归档在这里，可放大查看和收藏。"
          points={[
            { icon: 'calendar', text: '按期数浏览，往期图纸随时回看' },
            { icon: 'game', text: '按彩种分类：新澳门、香港、极速' },
            { icon: 'star', text: '登录后收藏常看的图纸' },
          ]}
          actions={
            <AppLink className="kj-button kj-button--ghost" to={paths.lotteryHistory.href()}>
              查看历史开奖
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
