import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { MemberEmptyScreen } from './member-empty-screen';

export function CollectionScreen() {
  return (
    <MemberEmptyScreen
      icon="star"
      title="还没有收藏"
      description="在资讯和图库中点击收藏，内容会保存在这里，换手机登录也能找到。"
      actions={
        <>
          <AppLink className="kj-button" to={paths.news.href()}>
            去看资讯
          </AppLink>
          <AppLink className="kj-button kj-button--ghost" to={paths.gallery.href()}>
            去看图库
          </AppLink>
        </>
      }
    />
  );
}
