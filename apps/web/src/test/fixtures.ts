import type { Company, Game } from '@kaijiang/domain';
import { fiveElementsFile } from '@kaijiang/domain';
import type { StaticClient } from '@/shared/api/static-client';

export const GAMES: Game[] = [
  {
    id: 120,
    name: '极速六合彩',
    shortName: '极速',
    schedule: '每5分钟',
    drawTime: '00:00',
    drawDays: [],
    intervalMinutes: 5,
    timezone: 'Asia/Shanghai',
    icon: '',
  },
  {
    id: 110,
    name: '新澳门六合彩',
    shortName: '澳门',
    schedule: '每天 21:32',
    drawTime: '21:32',
    drawDays: [],
    timezone: 'Asia/Macau',
    icon: '',
  },
  {
    id: 111,
    name: '香港六合彩',
    shortName: '香港',
    schedule: '每周二、四、六 21:30',
    drawTime: '21:30',
    drawDays: [2, 4, 6],
    timezone: 'Asia/Hong_Kong',
    icon: '',
  },
];

export const COMPANY: Company = {
  code: 'kj',
  name: '开奖网',
  logo: '',
  slogan: '快速、准确的开奖结果',
  contact: { email: 'service@example.com' },
  aboutUs: '<p>关于我们的介绍</p>',
  disclaimer: '<p>免责声明正文</p>',
  onlineServiceUrl: 'https://chat.example.com',
};

export const FILES: Record<string, unknown> = {
  'config.json': {
    system_config: [
      { configKey: 'home_lottery_setting', configValue: '110,111,120' },
      { configKey: 'online_service_url', configValue: 'https://chat.example.com' },
    ],
  },
  'games.json': GAMES,
  'five-elements.json': fiveElementsFile([2025, 2026, 2027]),
  'company/kj/notice_list.json': {
    roll_notice: [{ noticeContent: '欢迎光临' }, { noticeContent: '21:32 开奖' }],
  },
  'company/kj.json': COMPANY,
};

/** A static client over FILES; each call is logged and may be held back until released. */
export function fakeStaticFiles(files: Record<string, unknown> = FILES) {
  const calls: string[] = [];
  const held = new Map<string, () => void>();
  const holds = new Set<string>();
  const client: StaticClient = {
    async getJson<T>(file: string): Promise<T> {
      calls.push(file);
      if (holds.has(file)) await new Promise<void>((resolve) => held.set(file, resolve));
      if (!(file in files)) throw new Error(`404 ${file}`);
      return structuredClone(files[file]) as T;
    },
  };
  return {
    client,
    calls,
    hold: (file: string) => holds.add(file),
    release: (file: string) => {
      holds.delete(file);
      held.get(file)?.();
    },
  };
}
