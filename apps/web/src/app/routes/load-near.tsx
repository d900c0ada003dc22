import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A part of a screen that loads its own chunk when the visitor scrolls near it: never in the
 * server's page (hydration sees the same mark), no work during start-up, and placed below what
 * the first screen shows, so that its arrival moves nothing on screen. Offline it does not show;
 * the failed import is only logged.
 */
export function LoadNear<M>({
  load,
  children,
  mark: markClass = 'kj-extras-mark',
}: {
  load: () => Promise<M>;
  children: (m: M) => ReactNode;
  /** Class of the placeholder that is watched. */
  mark?: string;
}) {
  const [loaded, setLoaded] = useState<{ m: M }>();
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const go = () =>
      void load().then(
        (m) => setLoaded({ m }),
        (err: unknown) => console.warn(err),
      );
    const el = mark.current;
    if (!el || typeof IntersectionObserver !== 'function') return go();
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        go();
      },
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
    // Loaded once per mount: the caller keys the part by what it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded ? children(loaded.m) : <div ref={mark} className={markClass} />;
}
