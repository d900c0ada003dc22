// A nickname is what others read beside a member's messages: cleaned as chat text is, and never
// one that passes for the announcer, the staff or a game, however it is spelt.
import { CHAT_ANNOUNCER_NAME, MEMBER_RULES } from '@kaijiang/domain';
import { remove as withoutConfusables } from 'confusables';
import * as OpenCC from 'opencc-js/t2cn';
import { AppError } from '../../lib/errors.ts';
import { containsBlocked, foldForWords, visibleText } from '../../lib/visible-text.ts';
import type { Repositories } from '../../repositories/index.ts';

/** Names of the system and of staff roles, in either script (Traditional folds to these). */
export const RESERVED_NAMES: readonly string[] = [
  CHAT_ANNOUNCER_NAME,
  '开奖结果',
  '开奖直播',
  '开奖助手',
  '开奖官方',
  '系统',
  '系统消息',
  '系统通知',
  '管理员',
  '管理',
  '官方',
  '客服',
  '版主',
  '站长',
  '运营',
  '主持人',
  'admin',
  'administrator',
  'moderator',
  'system',
  'official',
  'support',
  'staff',
  'kaijiang',
  'operator',
  'root',
];

const toSimplified = OpenCC.Converter({ from: 't', to: 'cn' });

// Letters and digits read alike in a name ('0fficial', 'adm1n', 'rnoderator').
const ALIKE: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/[1il|!]/g, 'l'],
  [/0/g, 'o'],
  [/5/g, 's'],
  [/3/g, 'e'],
  [/4/g, 'a'],
  [/8/g, 'b'],
];

/**
 * The form two names are compared in: NFKC, look-alike letters of other scripts as Latin
 * (Unicode's confusables), Traditional as Simplified, nothing but letters and digits, and digits
 * and letter pairs that read alike as one.
 */
export function nameSkeleton(name: string): string {
  let s = foldForWords(toSimplified(withoutConfusables(visibleText(name))));
  // The confusables table maps some letters to capitals: fold once more after it.
  s = foldForWords(s);
  for (const [from, to] of ALIKE) s = s.replace(from, to);
  return s;
}

/** Whether `name` passes for one of `reserved`: contains it (or, for a Latin one, starts or ends with it). */
export function isReservedName(name: string, reserved: readonly string[]): boolean {
  const n = nameSkeleton(name);
  if (!n) return false;
  return reserved.some((r) => {
    const k = nameSkeleton(r);
    if (!k) return false;
    // 'admin' inside 'badminton' is no claim to be staff; inside a Chinese name a reserved name
    // is one ('官方客服小王').
    return /^[a-z0-9]+$/.test(k) ? n === k || n.startsWith(k) || n.endsWith(k) : n.includes(k);
  });
}

const invalidNickname = (msg: string) => new AppError(400, 'REQ/INVALID', msg, { nickname: msg });

interface Lists {
  at: number;
  names: string[];
  moderators: { memberId: number; name: string }[];
  words: string[];
}
/**
 * For showing names (a chat session opening checks its member's each time): read again at most
 * this often. A nickname being stored reads them afresh.
 */
const LISTS_TTL_MS = 10_000;
const lists = new WeakMap<Repositories, Lists>();

async function listsOf(repos: Repositories, cached: boolean): Promise<Lists> {
  const kept = lists.get(repos);
  if (cached && kept && Date.now() - kept.at < LISTS_TTL_MS) return kept;
  const [games, operators, moderators, words] = await Promise.all([
    repos.games.list(),
    repos.operators.list(),
    repos.chat.moderatorNames(),
    repos.chat.blockedWords(),
  ]);
  const fresh = {
    at: Date.now(),
    names: [
      ...RESERVED_NAMES,
      ...games.flatMap((g) => [g.name, g.shortName]).filter(Boolean),
      ...operators.map((o) => o.username),
    ],
    moderators,
    words,
  };
  lists.set(repos, fresh);
  return fresh;
}

/**
 * Every name a member may not pass for: the fixed ones, the games', the operators' and the chat
 * moderators' (but a moderator's own).
 */
function reservedNames(l: Lists, memberId?: number): string[] {
  return [...l.names, ...l.moderators.filter((m) => m.memberId !== memberId).map((m) => m.name)];
}

/** Whether a username would pass for the system, staff or a game where it is shown. */
export async function reservedUsername(repos: Repositories, username: string): Promise<boolean> {
  return isReservedName(username, reservedNames(await listsOf(repos, false)));
}

/**
 * The nickname to store for `raw`: as chat text is shown (lib/visible-text.ts), on one line,
 * within MEMBER_RULES.nickname.max characters, no blocked word, and no name of the system, staff
 * or a game. Empty stays empty (the username is shown instead).
 */
export async function cleanNickname(
  repos: Repositories,
  raw: string,
  memberId?: number,
  cached = false,
): Promise<string> {
  const name = visibleText(raw).replace(/\s+/g, ' ').trim();
  if (name === '') return '';
  if ([...name].length > MEMBER_RULES.nickname.max) {
    throw invalidNickname(`昵称不能超过 ${MEMBER_RULES.nickname.max} 个字`);
  }
  const l = await listsOf(repos, cached);
  if (isReservedName(name, reservedNames(l, memberId))) {
    throw invalidNickname('该昵称为系统保留，请换一个');
  }
  if (containsBlocked(name, l.words)) {
    throw invalidNickname('昵称含有不允许的词语');
  }
  return name;
}

/** What to show for a member: a stored nickname only while it is still a fair one. */
export async function shownName(
  repos: Repositories,
  member: { id: number; nickname: string; username: string },
): Promise<string> {
  try {
    return (await cleanNickname(repos, member.nickname, member.id, true)) || member.username;
  } catch {
    return member.username;
  }
}
