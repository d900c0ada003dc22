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

const exact = (href: string) => (pathname: string) => pathname === href;
const prefix = (root: string) => (pathname: string) =>
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

/** Everything else, in the /more-action grid and the desktop side menu. */
export const MORE_ENTRIES: MenuEntry[] = [
  {
    id: 'gallery',
    href: paths.gallery.href(),
    icon: 'gallery',
    label: 'title.gallery',
    match: (p) => p === '/gallery' || p.startsWith('/gallery-detail/'),
  },
  {
    id: 'history',
    href: paths.lotteryHistory.href(),
    icon: 'history',
    label: 'title.lotteryHistory',
    match: exact('/lottery-history'),
  },
  {
    id: 'game-info',
    href: paths.gameInfo.href(),
    icon: 'game',
    label: 'title.gameInfo',
    match: exact('/game-info'),
  },
  {
    id: 'tool',
    href: paths.toolAssistant.href(),
    icon: 'tool',
    label: 'title.toolAssistant',
    match: exact('/more-action/tool-assistant'),
  },
  {
    id: 'api',
    href: paths.instructApi.href(),
    icon: 'api',
    label: 'title.instructApi',
    match: exact('/instruct-api'),
  },
  {
    id: 'contact',
    href: paths.contact.href(),
    icon: 'service',
    label: 'title.contact',
    match: exact('/contact'),
  },
  {
    id: 'question',
    href: paths.askQuestion.href(),
    icon: 'question',
    label: 'title.askQuestion',
    match: exact('/ask-question'),
  },
  {
    id: 'team',
    href: paths.teamCondition.href(),
    icon: 'team',
    label: 'title.teamCondition',
    match: exact('/team-condition'),
  },
  {
    id: 'about',
    href: paths.aboutUs.href(),
    icon: 'info',
    label: 'title.aboutUs',
    match: exact('/about-us'),
  },
  {
    id: 'disclaimer',
    href: paths.disclaimer.href(),
    icon: 'shield',
    label: 'title.disclaimer',
    match: exact('/disclaimer'),
  },
  {
    id: 'profile',
    href: paths.profile.href(),
    icon: 'user',
    label: 'title.profile',
    match: exact('/profile'),
  },
  {
    id: 'message',
    href: paths.myMessage.href(),
    icon: 'message',
    label: 'title.myMessage',
    match: exact('/my-message'),
  },
  {
    id: 'collection',
    href: paths.collection.href(),
    icon: 'star',
    label: 'title.collection',
    match: exact('/collection'),
  },
  {
    id: 'setting',
    href: paths.setting.href(),
    icon: 'setting',
    label: 'title.setting',
    match: exact('/setting'),
  },
];
