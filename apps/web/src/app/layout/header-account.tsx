import { useSyncExternalStore } from 'react';
import { paths } from '@/shared/config/paths';
import { useT } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { AppLink } from '@/shared/ui/app-link';

const never = () => () => {};

/**
 * The desktop header's way to the member's screens (layout.css shows it from 1024 px; a phone has
 * them in its tab bar). The server renders for nobody: until the page is the app's it shows what
 * the server did, then the member's own state.
 */
export function HeaderAccount() {
  const t = useT();
  const taken = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const signedIn = useAppSelector(selectSignedIn) && taken;
  return (
    <div className="kj-header__account">
      {signedIn ? (
        <AppLink to={paths.profile.href()} className="kj-header__link kj-header__link--strong">
          {t('title.profile')}
        </AppLink>
      ) : (
        <>
          <AppLink to={paths.login.href()} className="kj-header__link kj-header__link--strong">
            {t('title.login')}
          </AppLink>
          <AppLink to={paths.register.href()} className="kj-header__link">
            {t('title.register')}
          </AppLink>
        </>
      )}
    </div>
  );
}
