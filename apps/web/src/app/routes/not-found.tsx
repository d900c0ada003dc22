import { useLocation } from 'react-router';
import { DEFAULT_GAME_ID, paths } from '@/shared/config/paths';
import { format, useMessages, useT } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { notFoundWords } from './not-found-words';

/** Any path outside the route table (spec §2). */
export function Component() {
  const t = useT();
  const w = useMessages(notFoundWords);
  const { pathname } = useLocation();
  return (
    <div className="kj-stack">
      <div className="kj-card">
        <EmptyState
          icon="question"
          title={w.title}
          description={format(w.hint, { path: pathname })}
          actions={
            <>
              <AppLink className="kj-button" to={paths.game.href(DEFAULT_GAME_ID)}>
                {t('nav.home')}
              </AppLink>
              <AppLink className="kj-button kj-button--ghost" to={paths.moreAction.href()}>
                {w.browse}
              </AppLink>
            </>
          }
        />
      </div>
    </div>
  );
}
