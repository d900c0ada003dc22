import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  /** Not yet answered for the current key. */
  loading: boolean;
  /** The answer failed with 404. */
  notFound: boolean;
  /** `data` belongs to the previous key while this one loads (keepPrevious). */
  stale: boolean;
  retry: () => void;
}

interface State<T> {
  key: string;
  attempt: number;
  data: T | null;
  error: string | null;
  status: number | undefined;
  done: boolean;
}

/**
 * One resource for one key (an id): loads, keeps the last answer of that key, retries on demand.
 * With `keepPrevious` the last answer stays on screen while the next key loads (no blank flash
 * between two pictures on a slow network).
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  opts: { keepPrevious?: boolean } = {},
): Loaded<T> {
  const [state, setState] = useState<State<T>>({
    key,
    attempt: 0,
    data: null,
    error: null,
    status: undefined,
    done: false,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    loadRef
      .current(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) {
          setState({ key, attempt, data, error: null, status: undefined, done: true });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const status = (error as { status?: number }).status;
        setState({
          key,
          attempt,
          data: null,
          error: error instanceof Error ? error.message : String(error),
          status,
          done: true,
        });
      });
    return () => controller.abort();
  }, [key, attempt]);

  const current = state.key === key && state.attempt === attempt ? state : null;
  const stale = state.key !== key && !!opts.keepPrevious && state.data !== null;
  return {
    data: state.key === key || stale ? state.data : null,
    stale,
    error: current?.error ?? null,
    loading: !current?.done,
    notFound: current?.status === 404,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
