import { paths } from '@/shared/config/paths';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { Chips } from '@/shared/ui/chips';
import { EmptyState } from '@/shared/ui/empty-state';

export function LotteryHistoryScreen() {
  const games = useAppSelector(selectHomeGames);
  return (
    <div className="kj-stack">
      {games.length > 0 ? <Chips label="彩种" items={games.map((g) => g.name)} /> : null}
      <div className="kj-card">
        <EmptyState
          icon="history"
          title="还没有历史开奖记录"
          description="每期开奖结束后，期号、开奖时间、七个号码及其生肖、波色、五行会按期数倒序列在这里。"
          points={[
            { icon: 'calendar', text: '按期号和日期查找往期结果' },
            { icon: 'results', text: '特码、总和、大小单双一目了然' },
          ]}
          actions={
            <AppLink className="kj-button" to={paths.game.href()}>
              查看本期开奖
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
