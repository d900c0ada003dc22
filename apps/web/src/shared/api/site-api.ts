import type {
  Company,
  ConfigFile,
  FiveElementsRecord,
  Game,
  NoticeListFile,
} from '@kaijiang/domain';
import { api } from './api';

/** The data files by name, under STATIC_JSON_ROOT (docs/architecture.md §5). */
export const STATIC_FILES = {
  config: 'config.json',
  fiveElements: 'five-elements.json',
  games: 'games.json',
  gameCenter: 'game_center.json',
  notices: (code: string) => `company/${encodeURIComponent(code)}/notice_list.json`,
  company: (code: string) => `company/${encodeURIComponent(code)}.json`,
} as const;

/**
 * The site-wide data files every screen may read (spec §3–4), kept as the files are (selectors
 * in shared/store shape them): a page's answers then say which file they are, and the offline
 * worker keeps each as the answer to its own request. The company files are per company code.
 */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    settings: build.query<ConfigFile, void>({
      query: () => ({ url: STATIC_FILES.config, file: true }),
    }),
    games: build.query<Game[], void>({
      query: () => ({ url: STATIC_FILES.games, file: true }),
    }),
    fiveElements: build.query<FiveElementsRecord[], void>({
      query: () => ({ url: STATIC_FILES.fiveElements, file: true }),
    }),
    notices: build.query<NoticeListFile, string>({
      query: (code) => ({ url: STATIC_FILES.notices(code), file: true }),
    }),
    // The spec retries the company record twice.
    company: build.query<Company, string>({
      query: (code) => ({ url: STATIC_FILES.company(code), file: true, retries: 2 }),
    }),
  }),
});

export const { useGamesQuery, useCompanyQuery } = siteApi;
