import { siteApi } from '@/shared/api/site-api';
import { runtimeConfig } from '@/shared/config/runtime-config';
import type { AppDispatch } from '@/shared/store/hooks';

/**
 * Start-up (spec §4), the root route's loader: settings, notices and the company record load side
 * by side; the game list waits for the five-elements data. A failure is only logged (the screens
 * show their empty state); start-up never throws. The current game is the first game until a game
 * screen says otherwise (selectCurrentGame).
 */
export async function startup(dispatch: AppDispatch): Promise<void> {
  const e = siteApi.endpoints;
  // Kept subscribed for the page's life: every screen may read them, none reloads them.
  const load = async (name: string, start: () => { unwrap(): Promise<unknown> }) => {
    try {
      await start().unwrap();
    } catch (error) {
      console.warn(`kaijiang: loading ${name} failed`, error);
    }
  };
  const code = runtimeConfig().companyCode;
  const parallel = [
    load('settings', () => dispatch(e.settings.initiate())),
    load('notices', () => dispatch(e.notices.initiate(code))),
    load('company', () => dispatch(e.company.initiate(code))),
  ];
  await load('fiveElements', () => dispatch(e.fiveElements.initiate()));
  await load('games', () => dispatch(e.games.initiate()));
  await Promise.all(parallel);
}
