import { configureStore } from '@reduxjs/toolkit';
import { consoleApi } from '../shared/api';

export function createConsoleStore() {
  return configureStore({
    reducer: { [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware),
  });
}
