import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useT } from '@/shared/i18n';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { useAppSelector } from '@/shared/store/hooks';
import { selectCompany } from '@/shared/store/selectors';
import { hideBootLoader } from '@/shared/ui/boot-loader';
import { Deferred } from '@/shared/ui/deferred';
import { PageTitleContext } from '@/shared/ui/page-title';
import { Header } from './header';
import { HeaderAccount, SideMenu } from './side-menu-slot';
import { TabBar } from './tab-bar';
import { useScreen } from './use-screen';
import './layout.css';
import './transitions.css';

const WIDE = '(min-width: 1024px)';

export function AppLayout() {
  const t = useT();
  const handle = useScreen();
  const location = useLocation();
  const company = useAppSelector(selectCompany);
  const [override, setOverride] = useState<string | null>(null);
  const mainRef = useRef<HTMLElement>(null);
  // The side menu shows from 1024 px (layout.css); a phone need not build its twenty links. The
  // server renders it, for desktops; on a phone the app empties it when it takes the page over.
  const wide = useMediaQuery(WIDE, true);
  const firstRender = useRef(true);

  const title = override ?? (handle ? t(handle.title) : t('site.name'));
  const siteName = company?.name || t('site.name');

  useEffect(() => {
    hideBootLoader();
  }, []);

  useEffect(() => {
    document.title = title === siteName ? siteName : `${title} - ${siteName}`;
  }, [title, siteName]);

  // Keyboard and screen-reader users start reading a new screen from its top, as after a page load.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const bare = handle?.bare ?? false;

  return (
    <PageTitleContext.Provider value={setOverride}>
      <div className={bare ? 'kj-app kj-app--bare' : 'kj-app'}>
        <a className="kj-skip" href="#kj-main">
          {t('nav.skip')}
        </a>
        {/* Its box stays on a phone, empty: dropping it would move the column after it. */}
        <Deferred id="side-menu">{wide ? <SideMenu /> : null}</Deferred>
        <div className="kj-column">
          <Header
            title={title}
            showBack={handle?.back ?? false}
            account={<Deferred id="header-account">{wide ? <HeaderAccount /> : null}</Deferred>}
          />
          <main id="kj-main" className="kj-main" ref={mainRef} tabIndex={-1}>
            <Deferred id="screen">
              <Outlet />
            </Deferred>
          </main>
          {bare ? null : (
            <Deferred id="tab-bar">
              <TabBar />
            </Deferred>
          )}
        </div>
      </div>
    </PageTitleContext.Provider>
  );
}
