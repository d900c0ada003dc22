import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/shared/api/api';
import type { CallContext } from '@/shared/api/base-query';
import { rootReducer, type RootState } from '@/shared/store/root-reducer';

/**
 * The page's store: the query cache (shared/api) and the few slices of what the visitor does.
 * `context.fetch` is how calls reach the server (the server renderer passes app.inject's);
 * `preloadedState` is the cache a server-rendered page carries.
 */
export function makeStore(
  options: { context?: CallContext; preloadedState?: Partial<RootState> } = {},
) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: options.context ?? {} } }).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
