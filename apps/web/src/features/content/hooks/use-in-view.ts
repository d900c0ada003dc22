import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` while the returned element is in view, e.g. the end of a list (infinite
 * scroll). Without IntersectionObserver nothing happens: the list's button does the same.
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
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      // Ask for the next page a little before the end is reached.
      { rootMargin: '0px 0px 300px 0px', threshold: 0 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}
