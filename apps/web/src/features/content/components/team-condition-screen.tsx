import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';

export function TeamConditionScreen() {
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState
          icon="team"
          title="合作条件尚未发布"
          description="站点合作、数据接入和推广合作的条件与流程发布后会列在这里。如果你现在就有合作意向，可以直接联系我们。"
          points={[
            { icon: 'api', text: '开奖数据接口接入' },
            { icon: 'gallery', text: '图库与资讯内容合作' },
            { icon: 'service', text: '专人对接，快速答复' },
          ]}
          actions={
            <AppLink className="kj-button" to={paths.contact.href()}>
              联系我们
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
