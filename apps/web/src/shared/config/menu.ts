import type { MessageKey } from '../i18n/messages';
import type { IconName } from '../ui/icon';
import { DEFAULT_GAME_ID, paths } from './paths';

export interface MenuEntry {
  id: string;
  href: string;
  icon: IconName;
  label: MessageKey;
  /** When a pathname belongs to this entry (for aria-current). */
  match: (pathname: string) => boolean;
}

export const exact = (href: string) => (pathname: string) => pathname === href;
export const prefix = (root: string) => (pathname: string) =>
  pathname === root || pathname.startsWith(`${root}/`);

/** The five bottom tabs a phone shows (after the spec's menu icons). */
export const TABS: MenuEntry[] = [
  {
    id: 'home',
    href: paths.game.href(DEFAULT_GAME_ID),
    icon: 'lottery',
    label: 'tab.home',
    match: prefix('/game'),
  },
  { id: 'live', href: paths.live.href(), icon: 'live', label: 'tab.live', match: exact('/live') },
  {
    id: 'results',
    href: paths.lotteryResult.href(),
    icon: 'results',
    label: 'tab.results',
    match: (p) => p === '/lottery-result' || p === '/lottery-history',
  },
  {
    id: 'news',
    href: paths.news.href(),
    icon: 'news',
    label: 'tab.news',
    match: (p) => p === '/news' || p.startsWith('/news-detail/'),
  },
  {
    id: 'more',
    href: paths.moreAction.href(),
    icon: 'more',
    label: 'tab.more',
    match: prefix('/more-action'),
  },
];
