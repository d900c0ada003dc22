import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';

/** A series or issue the server does not have: say so, and lead back. */
export function GalleryMissing({
  title,
  hint,
  back,
  to,
}: {
  title: string;
  hint: string;
  back: string;
  to: string;
}) {
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState
          icon="gallery"
          title={title}
          description={hint}
          actions={
            <AppLink className="kj-button" to={to}>
              {back}
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
