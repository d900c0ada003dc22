import { roleMay, type ConsoleSession } from '@kaijiang/domain';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { SIGNED_OUT_EVENT } from '../shared/api';
import { errorText } from '../shared/error-text';
import { setLocale, useLocale, useT } from '../shared/i18n';
import { ReauthProvider } from '../shared/reauth';
import { sessionApi, useSessionQuery } from '../shared/session-api';
import { ErrorBox, Loading } from '../shared/ui/status';
import { ClaimEnrol } from '../features/session/components/claim-enrol';
import { Enrol } from '../features/session/components/enrol';
import { paths } from '../shared/paths';
import { SignIn } from '../features/session/components/sign-in';
import { useSignOutMutation } from '../features/session/api/session-calls';
import { useAppDispatch } from './hooks';
import { NAV } from './nav';

/** Signed out: the sign-in form; enrolling: the second factor; signed in: the console. */
export function Shell() {
  const t = useT();
  const session = useSessionQuery();
  const dispatch = useAppDispatch();
  const location = useLocation();

  useEffect(() => {
    // Any call answered 401 (idle timeout, disabled, signed out elsewhere) shows the sign-in
    // form; the screens' data goes with their screens (nothing is kept unused, see api.ts).
    const out = () => dispatch(sessionApi.util.invalidateTags(['Session']));
    window.addEventListener(SIGNED_OUT_EVENT, out);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, out);
  }, [dispatch]);

  if (session.isLoading) return <Loading />;
  if (session.error) {
    return (
      <ErrorBox message={errorText(session.error, t)} onRetry={() => void session.refetch()} />
    );
  }
  const s = session.data;
  if (!s) return location.pathname === paths.enrol ? <ClaimEnrol /> : <SignIn />;
  if (s.stage === 'enrol') return <Enrol onDone={() => void session.refetch()} />;
  return (
    <ReauthProvider>
      <Frame session={s} />
    </ReauthProvider>
  );
}

function Frame({ session }: { session: ConsoleSession }) {
  const t = useT();
  const locale = useLocale();
  // Open for the screen it was opened on: following a link closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const [signOut] = useSignOutMutation();
  const location = useLocation();
  const role = session.operator.role;
  const items = NAV.filter((n) => n.area === null || roleMay(role, n.area));

  const menuOpen = menuPath === location.pathname;

  return (
    <div className="cs-frame">
      <a className="cs-skip" href="#cs-main">
        {t('common.skip')}
      </a>
      <header className="cs-top">
        <button
          type="button"
          className="cs-menu-button"
          aria-expanded={menuOpen}
          aria-controls="cs-nav"
          onClick={() => setMenuPath(menuOpen ? null : location.pathname)}
        >
          {t('nav.menu')}
        </button>
        <p className="cs-brand">{t('app.title')}</p>
        <div className="cs-top__me">
          <span>
            {session.operator.username}
            <span className="cs-role">{t(`role.${role}`)}</span>
          </span>
          <button
            type="button"
            className="cs-link"
            onClick={() => setLocale(locale === 'zh-Hant' ? 'zh-Hans' : 'zh-Hant')}
            lang={locale === 'zh-Hant' ? 'zh-Hans' : 'zh-Hant'}
          >
            {locale === 'zh-Hant' ? '简体' : '繁體'}
          </button>
          <button type="button" className="cs-link" onClick={() => void signOut()}>
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <nav
        id="cs-nav"
        className={`cs-nav${menuOpen ? ' cs-nav--open' : ''}`}
        aria-label={t('nav.label')}
      >
        <ul>
          {items.map((n) => (
            <li key={n.path}>
              <NavLink to={n.path} end>
                {t(n.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="cs-main" className="cs-main" tabIndex={-1}>
        <Outlet context={session} />
      </main>
    </div>
  );
}
