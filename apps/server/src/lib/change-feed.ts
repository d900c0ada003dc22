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
      for (const l of listeners) l(topic);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
