import type { Game, Notice } from './wire/http.ts';

/** Keys of config.json that the web app reads. */
export const CONFIG_KEYS = {
  homeLotterySetting: 'home_lottery_setting',
  onlineServiceUrl: 'online_service_url',
} as const;

/** Notices as the home banner shows them: one line, joined with " | ". */
export function joinNotices(notices: readonly Notice[]): string {
  return notices
    .map((n) => n.noticeContent.trim())
    .filter(Boolean)
    .join(' | ');
}

/** Ids listed in home_lottery_setting, in order, that exist among the games. */
export function homeGames(games: readonly Game[], setting: string | undefined): Game[] {
  if (!setting?.trim()) return [...games];
  const byId = new Map(games.map((g) => [g.id, g]));
  const picked: Game[] = [];
  for (const raw of setting.split(',')) {
    const game = byId.get(Number(raw.trim()));
    if (game && !picked.includes(game)) picked.push(game);
  }
  return picked;
}
