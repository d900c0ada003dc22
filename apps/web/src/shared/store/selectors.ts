import { createSelector } from '@reduxjs/toolkit';
import { CONFIG_KEYS, homeGames, joinNotices, type FiveElementsRecord } from '@kaijiang/domain';
import type { RootState } from './root-reducer';

export const selectApp = (state: RootState) => state.app;
export const selectSettings = (state: RootState) => state.app.settings;
export const selectGames = (state: RootState) => state.app.games;
export const selectNotices = (state: RootState) => state.app.notices;
export const selectCompany = (state: RootState) => state.app.company;
export const selectFiveElements = (state: RootState) => state.app.fiveElements;
export const selectCurrentGame = (state: RootState) => state.app.currentGame;
export const selectLoading = (state: RootState) => state.app.loading;
export const selectLoaded = (state: RootState) => state.app.loaded;
export const selectFailed = (state: RootState) => state.app.failed;

export const selectSetting = (state: RootState, key: string): string | undefined =>
  state.app.settings[key];

/** The games of the home screen: those named in home_lottery_setting, in that order. */
export const selectHomeGames = createSelector(
  [selectGames, (state: RootState) => state.app.settings[CONFIG_KEYS.homeLotterySetting]],
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

export const selectOnlineServiceUrl = (state: RootState): string =>
  state.app.settings[CONFIG_KEYS.onlineServiceUrl] || state.app.company?.onlineServiceUrl || '';
