// Repositories announce writes here; caches built from the data (static files) listen.
// In-process only: several instances converge through the caches' short lifetime (and, later,
// Redis pub/sub).
export type ChangeTopic = 'config' | 'games' | 'game-groups' | 'notices' | 'company';

export type ChangeListener = (topic: ChangeTopic) => void;

export interface ChangeFeed {
  emit(topic: ChangeTopic): void;
  subscribe(listener: ChangeListener): () => void;
}

export function createChangeFeed(): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  return {
    emit(topic) {
      // Every cache hears of the write even if one listener throws; the writer then sees it.
      let failed: unknown;
      for (const l of listeners) {
        try {
          l(topic);
        } catch (err) {
          failed ??= err;
        }
      }
      if (failed !== undefined) throw failed;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
