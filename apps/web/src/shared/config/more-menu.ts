import { paths } from './paths';
import { exact, type MenuEntry } from './menu';

// Apart from the tabs: only the /more-action grid and the desktop side menu read these, and both
// load after the first screen.
/** Everything else, in the /more-action grid and the desktop side menu. */
export const MORE_ENTRIES: MenuEntry[] = [
  {
    id: 'gallery',
    href: paths.gallery.href(),
    icon: 'gallery',
    label: 'title.gallery',
    match: (p) => p === '/gallery' || p.startsWith('/gallery/'),
  },
  {
    id: 'history',
    href: paths.lotteryHistory.href(),
    icon: 'history',
    label: 'title.lotteryHistory',
    match: exact('/lottery-history'),
  },
  {
    id: 'trend',
    href: paths.lotteryTrend.href(),
    icon: 'trend',
    label: 'title.lotteryTrend',
    match: (p) => p.startsWith('/lottery-trend/'),
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
