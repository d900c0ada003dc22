import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { Chips } from '@/shared/ui/chips';

const CATEGORIES = ['全部', '开奖公告', '玩法技巧', '行业新闻'];

export function NewsScreen() {
  return (
    <div className="kj-stack">
      <Chips label="资讯分类" items={CATEGORIES} />
      <div className="kj-card">
        <EmptyState
          icon="news"
          title="还没有发布资讯"
          description="开奖公告、玩法技巧和行业新闻发布后会按时间排列在这里，点开即可阅读全文。"
          points={[
            { icon: 'bell', text: '每期开奖后的结果公告' },
            { icon: 'info', text: '号码属性、生肖与五行的玩法解读' },
            { icon: 'star', text: '登录后可收藏喜欢的文章' },
          ]}
          actions={
            <AppLink className="kj-button kj-button--ghost" to={paths.game.href()}>
              查看最新开奖
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
