import type { GalleryImage } from '@kaijiang/domain';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { imageSrc as imageUrl } from '../model/image-src';
import { format, useMessages } from '@/shared/i18n';
import { ERROR_IMAGE } from '@/shared/ui/lazy-image';
import {
  DOUBLE_TAP_MS,
  IDENTITY,
  TAP_SLOP_PX,
  clampTransform,
  distance,
  doubleTap,
  swipeOf,
  zoomTo,
  type Box,
  type Transform,
} from '../model/viewer-gestures';
import { galleryWords } from '../model/words';
import './gallery.css';

interface Point {
  x: number;
  y: number;
}

/**
 * A picture that can be swiped to the previous or next one, pinched and double-tapped to zoom,
 * and dragged when zoomed; arrow keys and +/- do the same on a desktop. Pointer events cover
 * touch, pen and mouse alike.
 */
export function ImageViewer({
  image,
  alt,
  sizes,
  onPrev,
  onNext,
}: {
  image: GalleryImage;
  alt: string;
  /** How wide the viewer shows, for the srcset's choice. */
  sizes: string;
  onPrev?: () => void;
  onNext?: () => void;
}) {
  const w = useMessages(galleryWords);
  const src = image.phone;
  const boxRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<{ src: string; t: Transform; failed: boolean }>({
    src,
    t: IDENTITY,
    failed: false,
  });
  // A new picture starts unzoomed (reset during render rather than in an effect).
  if (view.src !== src) setView({ src, t: IDENTITY, failed: false });
  const t = view.src === src ? view.t : IDENTITY;
  const setT = (next: Transform) => setView((v) => ({ ...v, t: next }));

  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{
    start: Point;
    startT: Transform;
    pinch: { dist: number; scale: number } | null;
    pinched: boolean;
  } | null>(null);
  const lastTap = useRef<{ at: number; p: Point } | null>(null);

  const box = (): Box => {
    const r = boxRef.current?.getBoundingClientRect();
    return { width: r?.width || 1, height: r?.height || 1 };
  };
  /** A client point relative to the box's centre. */
  const local = (p: Point): Point => {
    const r = boxRef.current?.getBoundingClientRect();
    if (!r) return p;
    return { x: p.x - r.left - r.width / 2, y: p.y - r.top - r.height / 2 };
  };
  const midpoint = (): Point => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : (a ?? { x: 0, y: 0 });
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const [a, b] = [...pointers.current.values()];
    if (pointers.current.size === 1 && a) {
      gesture.current = { start: a, startT: t, pinch: null, pinched: false };
    } else if (a && b && gesture.current) {
      gesture.current.pinch = { dist: distance(a, b) || 1, scale: t.scale };
      gesture.current.pinched = true;
      gesture.current.startT = t;
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = gesture.current;
    const [a, b] = [...pointers.current.values()];
    if (g.pinch && a && b) {
      setT(zoomTo(t, g.pinch.scale * (distance(a, b) / g.pinch.dist), local(midpoint()), box()));
    } else if (a && g.startT.scale > 1) {
      setT(
        clampTransform(
          { ...g.startT, x: g.startT.x + a.x - g.start.x, y: g.startT.y + a.y - g.start.y },
          box(),
        ),
      );
    }
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const end = pointers.current.get(e.pointerId) ?? { x: e.clientX, y: e.clientY };
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0 || !g) return;
    gesture.current = null;
    if (g.pinched) return;
    const dx = end.x - g.start.x;
    const dy = end.y - g.start.y;
    if (Math.hypot(dx, dy) <= TAP_SLOP_PX) {
      const now = e.timeStamp || Date.now();
      const prev = lastTap.current;
      if (prev && now - prev.at < DOUBLE_TAP_MS && distance(prev.p, end) < 30) {
        lastTap.current = null;
        setT(doubleTap(t, local(end), box()));
      } else {
        lastTap.current = { at: now, p: end };
      }
      return;
    }
    const swipe = swipeOf(dx, dy, g.startT.scale);
    if (swipe === 'next') onNext?.();
    if (swipe === 'prev') onPrev?.();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft' && onPrev) onPrev();
    else if (e.key === 'ArrowRight' && onNext) onNext();
    else if (e.key === '+' || e.key === '=') setT(zoomTo(t, t.scale * 1.5, { x: 0, y: 0 }, box()));
    else if (e.key === '-') setT(zoomTo(t, t.scale / 1.5, { x: 0, y: 0 }, box()));
    else if (e.key === '0' || e.key === 'Escape') setT(IDENTITY);
    else return;
    e.preventDefault();
  };

  const url = imageUrl(image.phone);
  const srcSet = `${url} 800w, ${imageUrl(image.desktop)} 1600w`;
  return (
    <div
      ref={boxRef}
      className="kj-viewer"
      role="region"
      aria-roledescription={w.viewer}
      aria-label={format(w.viewerLabel, { alt })}
      tabIndex={0}
      data-scale={t.scale.toFixed(2)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    >
      <img
        className="kj-viewer__img"
        src={view.failed ? ERROR_IMAGE : url}
        {...(view.failed ? {} : { srcSet, sizes })}
        width={image.width}
        height={image.height}
        fetchPriority="high"
        alt={view.failed ? format(w.imageFailed, { alt }) : alt}
        draggable={false}
        onError={() => setView((v) => (v.src === src ? { ...v, failed: true } : v))}
        style={{ transform: `translate(${t.x}px, ${t.y}px) scale(${t.scale})` }}
      />
    </div>
  );
}
