export { loadGalleryDetail as loader } from '@/features/content/api/loaders';
import { GalleryDetailScreen } from '@/features/content/components/gallery-detail-screen';
import { CollectButton } from '@/features/member/components/collect-button';
import { paths } from '@/shared/config/paths';

/** The picture with its collect toggle: content and member features meet here, in app/. */
export function Component() {
  return (
    <GalleryDetailScreen
      actions={(item) => (
        <CollectButton
          kind="gallery"
          refId={`${item.gameId}:${item.id}`}
          title={item.title}
          returnTo={paths.galleryDetail.href(item.gameId, item.id)}
        />
      )}
    />
  );
}
