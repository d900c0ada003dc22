import type {
  Company,
  ConfigFile,
  FiveElementsRecord,
  Game,
  NoticeListFile,
} from '@kaijiang/domain';
import { api } from './api';

/**
 * The site-wide data files every screen may read (spec §3–4, DESIGN §5), kept as the files are
 * (selectors in shared/store shape them): a page's answers then say which file they are, and the
 * offline worker keeps each as the answer to its own request. The company files are per company
 * code (the argument).
 */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    settings: build.query<ConfigFile, void>({
      query: () => ({ url: 'config.json', file: true }),
    }),
    games: build.query<Game[], void>({
      query: () => ({ url: 'games.json', file: true }),
    }),
    fiveElements: build.query<FiveElementsRecord[], void>({
      query: () => ({ url: 'five-elements.json', file: true }),
    }),
    notices: build.query<NoticeListFile, string>({
      query: (code) => ({
        url: `company/${encodeURIComponent(code)}/notice_list.json`,
        file: true,
      }),
    }),
    // The spec retries the company record twice.
    company: build.query<Company, string>({
      query: (code) => ({
        url: `company/${encodeURIComponent(code)}.json`,
        file: true,
        retries: 2,
      }),
    }),
  }),
});

export const { useGamesQuery, useCompanyQuery } = siteApi;
