import { configureStore } from '@reduxjs/toolkit';
import { defaultThunkExtra, type ThunkExtra } from '@/shared/store/app-slice';
import { rootReducer, type RootState } from '@/shared/store/root-reducer';

export function makeStore(
  options: { extra?: ThunkExtra; preloadedState?: Partial<RootState> } = {},
) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: options.extra ?? defaultThunkExtra } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
