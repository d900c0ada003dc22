import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { imageUrl } from '../api/image-url';
import { useT } from '../i18n';
import './lazy-image.css';

/** Spec §8: a failed image falls back to an (empty) error image: a grey frame with a broken-picture mark. */
export const ERROR_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48">' +
      '<rect width="48" height="48" fill="#f2f3f5"/>' +
      '<path d="M14 16h20v16H14zM14 29l6-6 4 4 3-3 7 7" fill="none" stroke="#c0c4cc" stroke-width="2"/>' +
      '<path d="M12 12l24 24" stroke="#c0c4cc" stroke-width="2"/></svg>',
  );

type Callback = () => void;
const waiting = new Map<Element, Callback>();
let observer: IntersectionObserver | null = null;
let observerClass: typeof IntersectionObserver | null = null;

/** One observer for every lazy image (spec §9: rootMargin 0px, threshold 0). */
function sharedObserver(): IntersectionObserver {
  // A replaced IntersectionObserver (tests, polyfills loaded late) gets a fresh observer.
  if (observerClass !== IntersectionObserver) observer = null;
  observerClass = IntersectionObserver;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const cb = waiting.get(entry.target);
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
        cb?.();
      }
    },
    { rootMargin: '0px', threshold: 0 },
  );
  return observer;
}

export type LazyImageState = 'waiting' | 'loading' | 'loaded' | 'error';

/**
 * An image that starts loading only when it scrolls into view, keeps its box meanwhile (no
 * layout jump on slow networks) and shows the error image if it cannot load. `src` follows the
 * image URL rules of spec §7.
 */
export function LazyImage({
  src,
  alt,
  width,
  height,
  className,
  style,
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
  /**
   * Load at once and show while loading (the first screenful: in a server-rendered page the
   * browser fetches it with the HTML).
   */
  eager?: boolean;
}) {
  const t = useT();
  const url = imageUrl(src);
  const ref = useRef<HTMLSpanElement>(null);
  const [visibleFor, setVisibleFor] = useState<string | null>(null);
  const [result, setResult] = useState<{ url: string; ok: boolean } | null>(null);
  // The server renders what a browser with IntersectionObserver renders first (waiting), so a
  // server-rendered list is hydrated with the same markup.
  const canObserve = typeof window === 'undefined' || typeof IntersectionObserver !== 'undefined';
  const visible = eager || !canObserve || visibleFor === url;

  useEffect(() => {
    const el = ref.current;
    if (!el || visible || !url) return;
    const obs = sharedObserver();
    waiting.set(el, () => setVisibleFor(url));
    obs.observe(el);
    return () => {
      waiting.delete(el);
      obs.unobserve(el);
    };
  }, [url, visible]);

  // An image in the server's HTML may have finished before the app attached its handlers.
  useEffect(() => {
    const img = ref.current?.querySelector('img');
    if (!url || !img?.complete || img.src === ERROR_IMAGE) return;
    setResult((r) => (r?.url === url ? r : { url, ok: img.naturalWidth > 0 }));
  }, [url, visible]);

  const state: LazyImageState = !url
    ? 'error'
    : result?.url === url
      ? result.ok
        ? 'loaded'
        : 'error'
      : visible
        ? 'loading'
        : 'waiting';

  return (
    <span
      ref={ref}
      className={className ? `kj-lazy-image ${className}` : 'kj-lazy-image'}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      data-state={state}
      data-eager={eager ? '' : undefined}
    >
      {state === 'error' ? (
        <img
          className="kj-lazy-image__error"
          src={ERROR_IMAGE}
          alt={t('common.imageFailed', { alt })}
        />
      ) : visible ? (
        <img
          src={url}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => setResult({ url, ok: true })}
          onError={() => setResult({ url, ok: false })}
        />
      ) : (
        <span className="kj-sr-only">{alt}</span>
      )}
    </span>
  );
}
