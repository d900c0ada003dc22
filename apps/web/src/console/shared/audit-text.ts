// What an audit entry says, in an operator's words: the action's name (also for route-named
// entries and sign-in events the catalogue does not list), the target and each changed field
// as "field: before → after". Codes, JSON and engine internals stay out of sight.
import type { AuditRecord } from '@kaijiang/domain';
import type { Locale } from './i18n';
import { MESSAGES, type MessageKey } from './messages';

type Pair = readonly [string, string];
const pick = (pair: Pair, locale: Locale) => (locale === 'zh-Hant' ? pair[1] : pair[0]);

const WORDS = {
  add: ['新增', '新增'],
  change: ['修改', '修改'],
  remove: ['删除', '刪除'],
  signin: ['后台登录', '後台登入'],
  hidden: ['（已隐藏）', '（已隱藏）'],
  empty: ['（空）', '（空）'],
  yes: ['是', '是'],
  no: ['否', '否'],
  items: ['{n} 项', '{n} 項'],
  other: ['其他操作', '其他操作'],
} as const satisfies Record<string, Pair>;

/** Resources of the content routes (`/app-api/admin/<resource>`). */
const RESOURCES: Record<string, Pair> = {
  notices: ['滚动公告', '滾動公告'],
  news: ['资讯', '資訊'],
  // The retired one-series gallery (issue 45 removed its routes): old audit rows still name it.
  galleries: ['图纸', '圖紙'],
  gallery: ['图库', '圖庫'],
  faqs: ['常见问题', '常見問題'],
  company: ['公司页面', '公司頁面'],
  'team-conditions': ['合作条件', '合作條件'],
  questions: ['访客提问', '訪客提問'],
  settings: ['站点设置', '站點設定'],
  uploads: ['上传文件', '上傳檔案'],
  games: ['彩种', '彩種'],
  draws: ['开奖', '開獎'],
  operators: ['管理员', '管理員'],
  members: ['会员', '會員'],
  chat: ['聊天室', '聊天室'],
};

/** The last word of a sign-in event (`console.signin.fail`), whatever the server names it. */
const SIGNIN_OUTCOMES: [RegExp, Pair][] = [
  [/^(ok|success|succeeded|done)$/, ['成功', '成功']],
  [/fail|refus|wrong|bad|denied/, ['失败', '失敗']],
  [/lock|limit|block/, ['被锁定', '被鎖定']],
  [/totp|code|second|2fa|mfa/, ['两步验证', '兩步驗證']],
  [/recovery/, ['使用恢复码', '使用恢復碼']],
  [/out|end/, ['退出', '登出']],
];

/** Field names of targets and changes. */
const FIELDS: Record<string, Pair> = {
  gameId: ['彩种', '彩種'],
  id: ['编号', '編號'],
  memberId: ['会员', '會員'],
  operatorId: ['管理员', '管理員'],
  issue: ['期号', '期號'],
  number: ['号码', '號碼'],
  numbers: ['号码', '號碼'],
  source: ['开奖来源', '開獎來源'],
  upstreamUrl: ['上游地址', '上游地址'],
  upstreamGameId: ['上游彩种', '上游彩種'],
  streamUrl: ['直播地址', '直播地址'],
  username: ['用户名', '用戶名'],
  password: ['密码', '密碼'],
  code: ['验证码', '驗證碼'],
  role: ['角色', '角色'],
  disabled: ['停用', '停用'],
  title: ['标题', '標題'],
  content: ['内容', '內容'],
  summary: ['摘要', '摘要'],
  body: ['正文', '正文'],
  category: ['分类', '分類'],
  cover: ['封面', '封面'],
  publishAt: ['发布时间', '發佈時間'],
  status: ['状态', '狀態'],
  sort: ['排序', '排序'],
  active: ['启用', '啟用'],
  noticeContent: ['公告内容', '公告內容'],
  question: ['问题', '問題'],
  answer: ['回答', '回答'],
  time: ['开奖时间', '開獎時間'],
  drawTime: ['开奖时间', '開獎時間'],
  date: ['日期', '日期'],
  days: ['开奖日', '開獎日'],
  minutes: ['分钟', '分鐘'],
  word: ['屏蔽词', '屏蔽詞'],
  reason: ['原因', '原因'],
  name: ['名称', '名稱'],
  nickname: ['昵称', '暱稱'],
  phone: ['手机号', '手機號'],
  url: ['地址', '地址'],
  count: ['条数', '條數'],
  special: ['特码', '特碼'],
  prizes: ['派彩', '派彩'],
  games: ['彩种', '彩種'],
  expiresAt: ['有效期至', '有效期至'],
  retryAfterS: ['锁定秒数', '鎖定秒數'],
};

/**
 * Engine and bookkeeping values an operator has no use for; a sign-in's `outcome` is already
 * the action's name (后台登录：失败).
 */
const INTERNAL =
  /^(instance|instanceId|engine|engineId|lease|leaseId|node|pid|version|companyCode|updatedAt|createdAt|outcome)$/i;

/** An instant as the server stores it (toISOString), read as the console's local time. */
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/;
const pad = (n: number) => String(n).padStart(2, '0');
function localTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const MAX_VALUE = 60;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function valueText(key: string, v: unknown, locale: Locale): string {
  if (v === '[hidden]') return pick(WORDS.hidden, locale);
  if (v === null || v === undefined || v === '') return pick(WORDS.empty, locale);
  if (typeof v === 'boolean') return pick(v ? WORDS.yes : WORDS.no, locale);
  if (Array.isArray(v))
    return v.every((x) => typeof x !== 'object')
      ? clip(v.join('、'))
      : pick(WORDS.items, locale).replace('{n}', String(v.length));
  if (typeof v === 'object') return clip(JSON.stringify(v));
  const s = String(v);
  if (ISO_INSTANT.test(s)) return localTime(s);
  // A known code (a source, a role) reads as its console name.
  for (const prefix of ['source', 'role']) {
    const k = `${prefix}.${s}`;
    if (key === prefix && k in MESSAGES) return pick(MESSAGES[k as MessageKey], locale);
  }
  return clip(
    s
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const clip = (s: string) => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s);
const fieldName = (key: string, locale: Locale) => (FIELDS[key] ? pick(FIELDS[key], locale) : key);

/** The action in words: the catalogue's name, or one made from its parts. */
export function actionLabel(action: string, locale: Locale): string {
  const key = `action.${action}`;
  if (key in MESSAGES) return pick(MESSAGES[key as MessageKey], locale);
  const signin = /^console\.sign-?in(?:\.(.+))?$/.exec(action);
  if (signin) {
    const outcome = SIGNIN_OUTCOMES.find(([re]) => re.test(signin[1] ?? ''))?.[1];
    return pick(WORDS.signin, locale) + (outcome ? `：${pick(outcome, locale)}` : '');
  }
  const route = /^(POST|PUT|PATCH|DELETE) \/app-api\/admin\/([a-z-]+)/.exec(action);
  if (route) {
    const verb =
      route[1] === 'POST' ? WORDS.add : route[1] === 'DELETE' ? WORDS.remove : WORDS.change;
    const what = RESOURCES[route[2]!];
    return pick(verb, locale) + (what ? pick(what, locale) : '');
  }
  const area = RESOURCES[action.split('.')[0] ?? ''];
  return area ? `${pick(area, locale)}：${pick(WORDS.other, locale)}` : pick(WORDS.other, locale);
}

const parse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/** "彩种 110 · 编号 3", or null when the entry has no target. */
export function targetText(target: string, locale: Locale): string | null {
  if (!target || target === '{}') return null;
  const t = parse(target);
  if (!isRecord(t)) return clip(String(t));
  const parts = Object.entries(t)
    .filter(([k]) => !INTERNAL.test(k))
    .map(([k, v]) => `${fieldName(k, locale)} ${valueText(k, v, locale)}`);
  return parts.length ? parts.join(' · ') : null;
}

export interface ChangeLine {
  field: string;
  before: string | null;
  after: string | null;
}

/** One line per field that changed (or was set), engine internals left out. */
export function changeLines(entry: Pick<AuditRecord, 'before' | 'after'>, locale: Locale) {
  const before = entry.before;
  const after = entry.after;
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [
      {
        field: '',
        before: before == null ? null : valueText('', before, locale),
        after: after == null ? null : valueText('', after, locale),
      },
    ];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(a), ...(isRecord(after) ? [] : Object.keys(b))])];
  const lines: ChangeLine[] = [];
  for (const k of keys) {
    if (INTERNAL.test(k)) continue;
    const had = k in b;
    if (had && JSON.stringify(b[k]) === JSON.stringify(a[k])) continue;
    lines.push({
      field: fieldName(k, locale),
      before: had ? valueText(k, b[k], locale) : null,
      after: k in a ? valueText(k, a[k], locale) : null,
    });
  }
  return lines;
}

/** The filter's choices: every named action, grouped by area, with a prefix per area. */
export function actionChoices(
  locale: Locale,
): { area: string; prefix: string; actions: string[] }[] {
  const actions = Object.keys(MESSAGES)
    .filter((k) => k.startsWith('action.'))
    .map((k) => k.slice('action.'.length));
  const areas = [...new Set(actions.map((a) => a.split('.')[0]!))];
  return areas.map((area) => ({
    area: RESOURCES[area]
      ? pick(RESOURCES[area], locale)
      : area === 'console'
        ? pick(WORDS.signin, locale)
        : area,
    prefix: `${area}.`,
    actions: actions.filter((a) => a.startsWith(`${area}.`)),
  }));
}
