import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  Company,
  ConfigFile,
  FiveElementsRecord,
  Game,
  Notice,
  NoticeListFile,
} from '@kaijiang/domain';
import { STATIC_FILES, staticFiles, type StaticClient } from '../api/static-client';
import { runtimeConfig } from '../config/runtime-config';

/** The site-wide data every screen may read (spec §3–4), loaded once at start-up. */
export type AppDataKey = 'settings' | 'games' | 'notices' | 'company' | 'fiveElements';

export interface AppState {
  loading: Record<AppDataKey, boolean>;
  /** Set once a load has finished, successfully or not, so screens can tell "empty" from "pending". */
  loaded: Record<AppDataKey, boolean>;
  failed: Record<AppDataKey, boolean>;
  /** system_config entries as configKey → configValue. */
  settings: Record<string, string>;
  games: Game[];
  notices: Notice[];
  company: Company | null;
  fiveElements: FiveElementsRecord[];
  /** The game the visitor is looking at; the first game until a game screen says otherwise. */
  currentGame: Game | null;
}

const flags = (value: boolean): Record<AppDataKey, boolean> => ({
  settings: value,
  games: value,
  notices: value,
  company: value,
  fiveElements: value,
});

export const initialAppState: AppState = {
  loading: flags(false),
  loaded: flags(false),
  failed: flags(false),
  settings: {},
  games: [],
  notices: [],
  company: null,
  fiveElements: [],
  currentGame: null,
};

export interface ThunkExtra {
  staticFiles: () => StaticClient;
  companyCode: () => string;
}

export const defaultThunkExtra: ThunkExtra = {
  staticFiles,
  companyCode: () => runtimeConfig().companyCode,
};

type StateWithApp = { app: AppState };

/** Failures are logged only (spec §8): the data stays empty and screens show their empty state. */
function loader<T>(key: AppDataKey, file: (extra: ThunkExtra) => string, retries = 0) {
  return createAsyncThunk<T, void, { extra: ThunkExtra; state: StateWithApp }>(
    `app/load/${key}`,
    async (_arg, { extra, signal }) => {
      try {
        return await extra.staticFiles().getJson<T>(file(extra), { retries, signal });
      } catch (error) {
        console.warn(`kaijiang: loading ${key} failed`, error);
        throw error;
      }
    },
    { condition: (_arg, { getState }) => !getState().app.loading[key] },
  );
}

export const loadSettings = loader<ConfigFile>('settings', () => STATIC_FILES.config);
export const loadGames = loader<Game[]>('games', () => STATIC_FILES.games);
export const loadNotices = loader<NoticeListFile>('notices', (x) =>
  STATIC_FILES.notices(x.companyCode()),
);
// The spec retries the company record twice.
export const loadCompany = loader<Company>(
  'company',
  (x) => STATIC_FILES.company(x.companyCode()),
  2,
);
export const loadFiveElements = loader<FiveElementsRecord[]>(
  'fiveElements',
  () => STATIC_FILES.fiveElements,
);

const thunks = {
  settings: loadSettings,
  games: loadGames,
  notices: loadNotices,
  company: loadCompany,
  fiveElements: loadFiveElements,
} as const;

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setCurrentGame(state, action: PayloadAction<number>) {
      state.currentGame = state.games.find((g) => g.id === action.payload) ?? state.currentGame;
    },
  },
  extraReducers: (builder) => {
    for (const [key, thunk] of Object.entries(thunks) as [
      AppDataKey,
      (typeof thunks)[AppDataKey],
    ][]) {
      builder.addCase(thunk.pending, (state) => {
        state.loading[key] = true;
        state.failed[key] = false;
      });
      builder.addCase(thunk.rejected, (state) => {
        state.loading[key] = false;
        state.loaded[key] = true;
        state.failed[key] = true;
      });
    }
    builder
      .addCase(loadSettings.fulfilled, (state, { payload }) => {
        state.loading.settings = false;
        state.loaded.settings = true;
        const entries = asArray<{ configKey?: unknown; configValue?: unknown }>(
          payload?.system_config,
        );
        state.settings = Object.fromEntries(
          entries
            .filter((e) => typeof e.configKey === 'string')
            .map((e) => [
              e.configKey as string,
              e.configValue == null ? '' : String(e.configValue),
            ]),
        );
      })
      .addCase(loadGames.fulfilled, (state, { payload }) => {
        state.loading.games = false;
        state.loaded.games = true;
        state.games = asArray<Game>(payload);
      })
      .addCase(loadNotices.fulfilled, (state, { payload }) => {
        state.loading.notices = false;
        state.loaded.notices = true;
        state.notices = asArray<Notice>(payload?.roll_notice);
      })
      .addCase(loadCompany.fulfilled, (state, { payload }) => {
        state.loading.company = false;
        state.loaded.company = true;
        state.company = payload && typeof payload === 'object' ? payload : null;
      })
      .addCase(loadFiveElements.fulfilled, (state, { payload }) => {
        state.loading.fiveElements = false;
        state.loaded.fiveElements = true;
        state.fiveElements = asArray<FiveElementsRecord>(payload);
      });
  },
});

export const { setCurrentGame } = appSlice.actions;
