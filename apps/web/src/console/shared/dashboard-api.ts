import type { ConsoleDashboard } from '@kaijiang/domain';
import { consoleApi } from './api';
import { CONSOLE_API } from './session-api';

const dashboardApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<ConsoleDashboard, void>({
      query: () => `${CONSOLE_API}/dashboard`,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
