/**
 * The API client ends a session (spec §8) but cannot navigate or show a toast itself: shared code
 * knows neither the router nor the UI kit. The app registers what to do.
 */
export interface SessionEnded {
  reason: 'unauthorized' | 'token-invalid';
  /** Text to show the visitor, if any. */
  message: string | null;
}

type Listener = (event: SessionEnded) => void;

let listener: Listener = () => {};

export function onSessionEnded(next: Listener): () => void {
  listener = next;
  return () => {
    if (listener === next) listener = () => {};
  };
}

export function emitSessionEnded(event: SessionEnded): void {
  listener(event);
}
