/** Notifications (spec §9): 4.5 s, top right, 24 px from the corner; several may stack. */
export const NOTIFICATION_MS = 4500;

export interface Notice {
  id: number;
  title: string;
  body?: string;
}

type Listener = () => void;

let notices: readonly Notice[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function set(next: readonly Notice[]) {
  notices = next;
  for (const l of listeners) l();
}

export function notify(notice: Omit<Notice, 'id'>): number {
  const id = nextId++;
  // A burst (a reconnect delivering several finished draws) keeps the newest three on screen.
  set([...notices, { ...notice, id }].slice(-3));
  return id;
}

export function dismissNotice(id: number): void {
  if (notices.some((n) => n.id === id)) set(notices.filter((n) => n.id !== id));
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getNotices = (): readonly Notice[] => notices;

/** Tests start from an empty stack. */
export function resetNotices(): void {
  set([]);
}
