import { createSelector } from '@reduxjs/toolkit';
import {
  CONFIG_KEYS,
  homeGames,
  joinNotices,
  type Company,
  type ConfigFile,
  type FiveElementsRecord,
  type Game,
  type Notice,
} from '@kaijiang/domain';
import { siteApi } from '../api/site-api';
import { runtimeConfig } from '../config/runtime-config';
import type { RootState } from './root-reducer';

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** system_config of config.json as configKey → configValue (the last entry of a key wins). */
export function settingsOf(file: ConfigFile | null | undefined): Record<string, string> {
  const entries = asArray<{ configKey?: unknown; configValue?: unknown }>(file?.system_config);
  return Object.fromEntries(
    entries
      .filter((e) => typeof e.configKey === 'string')
      .map((e) => [e.configKey as string, e.configValue == null ? '' : String(e.configValue)]),
  );
}

const e = siteApi.endpoints;
const settingsEntry = e.settings.select();
const gamesEntry = e.games.select();
const fiveElementsEntry = e.fiveElements.select();
const noticesEntry = (s: RootState) => e.notices.select(runtimeConfig().companyCode)(s);
const companyEntry = (s: RootState) => e.company.select(runtimeConfig().companyCode)(s);

/** The site's data files as the screens read them: empty until (or unless) they have loaded. */
export const selectSettings = createSelector([(s: RootState) => settingsEntry(s).data], settingsOf);
export const selectGames = createSelector([(s: RootState) => gamesEntry(s).data], (d) =>
  asArray<Game>(d),
);
export const selectNotices = createSelector([(s: RootState) => noticesEntry(s).data], (d) =>
  asArray<Notice>(d?.roll_notice),
);
export const selectCompany = (s: RootState): Company | null => {
  const d = companyEntry(s).data;
  return d && typeof d === 'object' ? d : null;
};
export const selectFiveElements = createSelector(
  [(s: RootState) => fiveElementsEntry(s).data],
  (d) => asArray<FiveElementsRecord>(d),
);

export type SiteData = 'settings' | 'games' | 'notices' | 'company' | 'fiveElements';
const ENTRIES = {
  settings: settingsEntry,
  games: gamesEntry,
  notices: noticesEntry,
  company: companyEntry,
  fiveElements: fiveElementsEntry,
} as const;

/** Whether a data file has answered (successfully or not): screens tell "empty" from "pending". */
export const selectLoaded = (s: RootState, key: SiteData) => {
  const { isSuccess, isError } = ENTRIES[key](s);
  return isSuccess || isError;
};
export const selectFailed = (s: RootState, key: SiteData) => ENTRIES[key](s).isError;

/** The game of the last game screen, else the first game (spec §4). */
export const selectCurrentGame = createSelector(
  [selectGames, (s: RootState) => s.app.currentGameId],
  (games, id) => games.find((g) => g.id === id) ?? games[0] ?? null,
);

/** The games of the home screen: those named in home_lottery_setting, in that order. */
export const selectHomeGames = createSelector(
  [selectGames, (s: RootState) => selectSettings(s)[CONFIG_KEYS.homeLotterySetting]],
  (games, setting) => homeGames(games, setting),
);

/** All roll notices as the banner shows them, joined with " | ". */
export const selectNoticeText = createSelector([selectNotices], (notices) => joinNotices(notices));

export function fiveElementsForYear(
  records: readonly FiveElementsRecord[],
  year: number,
): FiveElementsRecord | undefined {
  return records.find((r) => r.year === year);
}

export const selectOnlineServiceUrl = (s: RootState): string =>
  selectSettings(s)[CONFIG_KEYS.onlineServiceUrl] || selectCompany(s)?.onlineServiceUrl || '';
