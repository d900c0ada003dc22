import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the returned element scrolls into view (infinite scroll). Without
 * IntersectionObserver nothing happens; the "load more" button is there for that case.
 */
export function useInView<T extends Element>(onVisible: () => void, enabled: boolean) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    // A margin below the screen starts the next page before the visitor reaches the end.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '0px 0px 400px 0px', threshold: 0 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
