import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useT } from '@/shared/i18n';
import { EmptyState } from '@/shared/ui/empty-state';

/** Shown when a screen's chunk fails to load (e.g. a stale deploy on a flaky network). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  console.warn('route error', error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = t(notFound ? 'title.notFound' : 'error.pageFailed');
  return (
    <main className="kj-fatal">
      <h1 className="kj-sr-only">{title}</h1>
      <EmptyState
        icon="refresh"
        title={title}
        description={t('error.pageFailedHint')}
        actions={
          <>
            <button type="button" className="kj-button" onClick={() => window.location.reload()}>
              {t('error.reloadPage')}
            </button>
            <a className="kj-button kj-button--ghost" href={paths.root.href()}>
              {t('nav.home')}
            </a>
          </>
        }
      />
    </main>
  );
}
