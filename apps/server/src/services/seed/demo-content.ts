// Demo data for an empty installation: editable rows afterwards, not code.
import { HONG_KONG_ERAS, type Company, type GameGroup } from '@kaijiang/domain';
import type { GameRecord } from '../../repositories/index.ts';

export const DEMO_GAMES: GameRecord[] = [
  {
    id: 110,
    name: '新澳门六合彩',
    shortName: '新澳门',
    schedule: '每天 21:32 开奖',
    drawTime: '21:32',
    drawDays: [],
    timezone: 'Asia/Macau',
    icon: 'games/110.svg',
    code: 'macaujc2',
    sort: 1,
    active: true,
  },
  {
    id: 111,
    name: '香港六合彩',
    shortName: '香港',
    schedule: '每周二、四、六 21:30 开奖',
    drawTime: '21:30',
    drawDays: [2, 4, 6],
    timezone: 'Asia/Hong_Kong',
    icon: 'games/111.svg',
    code: 'hk6',
    eras: [...HONG_KONG_ERAS],
    sort: 2,
    active: true,
  },
  {
    id: 120,
    name: '极速六合彩',
    shortName: '极速',
    schedule: '全天每 5 分钟开奖一期',
    drawTime: '00:00',
    drawDays: [],
    intervalMinutes: 5,
    timezone: 'Asia/Shanghai',
    icon: 'games/120.svg',
    code: 'jisu6',
    sort: 3,
    active: true,
  },
];

export const DEMO_GROUPS: GameGroup[] = [
  { groupName: '六合彩', games: [110, 111, 120] },
  { groupName: '极速彩', games: [120] },
];

export const DEMO_NOTICES: string[] = [
  '欢迎访问开奖网！新澳门六合彩每晚 21:32 准时开奖，开奖过程全程直播。',
  '香港六合彩逢周二、周四、周六 21:30 开奖，结果以官方公布为准。',
  '极速六合彩全天每 5 分钟开奖一期，可在“开奖直播”页面实时观看。',
  '本站开奖数据仅供参考与娱乐，请勿用于任何违法用途。',
  '如遇直播画面卡顿，请刷新页面或切换网络后重试。',
  '请认准本站官方网址，谨防假冒网站，切勿向任何人透露账号密码。',
];

// The demo has no chat service: the site's own question form is where a visitor reaches us.
export const DEMO_ONLINE_SERVICE_URL = '/ask-question';

export function demoCompany(code: string): Company {
  return {
    code,
    name: '开奖网',
    logo: 'company/logo.svg',
    slogan: '开奖结果 实时同步',
    contact: {
      email: 'service@kaijiang.example',
      wechat: 'kaijiang_kf',
      telegram: '@kaijiang_kf',
    },
    aboutUs: [
      '<p>开奖网专注于六合彩类开奖信息的整理与发布，为华人用户提供开奖结果、历史记录、开奖直播与数据统计等服务。</p>',
      '<p>我们坚持数据准确、更新及时、页面简洁，开奖号码在开奖过程中逐球同步，方便您随时随地查看。</p>',
      '<p>如对本站内容有任何建议，欢迎通过“联系我们”页面与客服取得联系，我们会尽快回复。</p>',
    ].join(''),
    disclaimer: [
      '<p>本站提供的所有开奖结果、统计数据与资讯仅供参考，不构成任何投注建议，一切以官方公布的结果为准。</p>',
      '<p>本站与任何彩票发行机构均无隶属关系，不提供任何形式的投注、代购或兑奖服务。</p>',
      '<p>请访问者遵守所在地区的法律法规；未满十八周岁者请勿浏览相关内容。因使用本站信息所产生的任何损失，本站概不负责。</p>',
    ].join(''),
    onlineServiceUrl: DEMO_ONLINE_SERVICE_URL,
  };
}

const GAME_ICON_COLOURS: Record<number, [string, string]> = {
  110: ['#df0000', '澳'],
  111: ['#0000f4', '港'],
  120: ['#43962a', '速'],
};

/** Small SVG images so the demo has icons before anyone uploads real ones. */
export function demoImages(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [id, [colour, char]] of Object.entries(GAME_ICON_COLOURS)) {
    files[`games/${id}.svg`] =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">` +
      `<circle cx="32" cy="32" r="30" fill="${colour}"/>` +
      `<circle cx="32" cy="32" r="22" fill="#fff"/>` +
      `<text x="32" y="41" font-size="24" font-weight="700" text-anchor="middle" fill="${colour}" ` +
      `font-family="sans-serif">${char}</text></svg>`;
  }
  files['company/logo.svg'] =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 48" width="160" height="48">` +
    `<circle cx="24" cy="24" r="20" fill="#df0000"/>` +
    `<text x="24" y="32" font-size="20" font-weight="700" text-anchor="middle" fill="#fff" ` +
    `font-family="sans-serif">开</text>` +
    `<text x="52" y="33" font-size="24" font-weight="700" fill="#222" font-family="sans-serif">开奖网</text></svg>`;
  return files;
}
