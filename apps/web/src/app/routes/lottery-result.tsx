import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';
export { LotteryResultScreen as Component } from '@/features/lottery/components/lottery-result-screen';

/** Every home game's latest draw (the screen follows them live). */
export const loader: ScreenLoader = ({ dispatch }) =>
  dispatch(latestApi.endpoints.latestDraws.initiate(undefined, { subscribe: false }));
