import { memo } from 'react';
import { useLocation } from 'react-router';
import { TABS } from '@/shared/config/menu';
import { MORE_ENTRIES } from '@/shared/config/more-menu';
import { APP_VERSION } from '@/shared/config/build';
import { useT } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectCompany } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';

export { HeaderAccount } from './header-account';

/** The desktop menu: every entry at once, since a wide screen has room for it. */
function SideMenuView() {
  const t = useT();
  const { pathname } = useLocation();
  const company = useAppSelector(selectCompany);
  const entries = [...TABS, ...MORE_ENTRIES];
  // One current entry: 工具助手 lies under 全部功能's path, and both matching would mark two
  // links as the page.
  const current = entries
    .filter((entry) => entry.match(pathname))
    .reduce<(typeof entries)[number] | undefined>(
      (best, entry) => (!best || entry.href.length > best.href.length ? entry : best),
      undefined,
    );
  return (
    <aside className="kj-side">
      <div className="kj-side__brand">
        <span className="kj-brand-mark kj-brand-mark--solid" aria-hidden="true">
          {t('site.mark')}
        </span>
        <div>
          <div className="kj-side__name">{company?.name || t('site.name')}</div>
          <div className="kj-side__tagline">{company?.slogan || t('site.tagline')}</div>
        </div>
      </div>
      <nav aria-label={t('nav.more')}>
        <ul className="kj-side__list">
          {entries.map((entry) => {
            const active = entry === current;
            return (
              <li key={entry.id}>
                <AppLink
                  to={entry.href}
                  className={active ? 'kj-side__link kj-side__link--active' : 'kj-side__link'}
                  aria-current={active ? 'page' : undefined}
                >
                  <Icon name={entry.icon} size={20} />
                  <span>{t(entry.id === 'more' ? 'nav.more' : entry.label)}</span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="kj-side__version">{t('common.version', { version: APP_VERSION })}</p>
    </aside>
  );
}

// Without props: a new screen title re-renders the layout, not every link of the menu.
export const SideMenu = memo(SideMenuView);
