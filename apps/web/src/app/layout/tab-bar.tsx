import { memo } from 'react';
import { useLocation } from 'react-router';
import { TABS } from '@/shared/config/menu';
import { useT } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';

function TabBarView() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav className="kj-tabbar" aria-label={t('nav.main')}>
      <ul>
        {TABS.map((tab) => {
          const active = tab.match(pathname);
          return (
            <li key={tab.id}>
              <AppLink
                to={tab.href}
                className={active ? 'kj-tab kj-tab--active' : 'kj-tab'}
                aria-current={active ? 'page' : undefined}
              >
                <Icon name={tab.icon} size={24} />
                <span>{t(tab.label)}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

// Without props: a new screen title re-renders the layout, not every link of the menu.
export const TabBar = memo(TabBarView);
