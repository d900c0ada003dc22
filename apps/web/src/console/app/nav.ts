import type { ConsoleArea } from '@kaijiang/domain';
import type { MessageKey } from '../shared/messages';
import { paths } from '../shared/paths';

/** The console's screens in menu order, and the area a role needs to see each. */
export const NAV: { path: string; label: MessageKey; area: ConsoleArea | null }[] = [
  { path: paths.dashboard, label: 'nav.dashboard', area: null },
  { path: paths.desk, label: 'nav.desk', area: 'draws' },
  { path: paths.games, label: 'nav.games', area: 'draws' },
  { path: paths.news, label: 'nav.news', area: 'content' },
  { path: paths.gallery, label: 'nav.gallery', area: 'content' },
  { path: paths.site, label: 'nav.site', area: 'content' },
  { path: paths.questions, label: 'nav.questions', area: 'members' },
  { path: paths.members, label: 'nav.members', area: 'members' },
  { path: paths.chat, label: 'nav.chat', area: 'chat' },
  { path: paths.operators, label: 'nav.operators', area: 'operators' },
  { path: paths.audit, label: 'nav.audit', area: 'audit' },
];
