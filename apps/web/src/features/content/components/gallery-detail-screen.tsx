import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';

export function GalleryDetailScreen() {
  const { gameId, id } = useParams();
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState
          icon="gallery"
          title="这张图纸暂时无法查看"
          description={`彩种 ${gameId ?? ''} 的图纸 ${id ?? ''} 尚未上传。上传后会在这里显示大图、期数和相关图纸。`}
          actions={
            <AppLink className="kj-button" to={paths.gallery.href()}>
              返回图库
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
