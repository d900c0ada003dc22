/** Pure geometry of the picture viewer, so gestures can be tested without a browser. */

export interface Transform {
  scale: number;
  /** Offset of the picture's centre from the box's centre, in CSS pixels. */
  x: number;
  y: number;
}

export interface Box {
  width: number;
  height: number;
}

export const IDENTITY: Transform = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
export const DOUBLE_TAP_SCALE = 2.5;
/** A swipe must travel this far and be mostly sideways. */
export const SWIPE_MIN_PX = 60;
export const DOUBLE_TAP_MS = 300;
export const TAP_SLOP_PX = 10;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Keeps a zoomed picture covering the box: no panning it out of sight. */
export function clampTransform(t: Transform, box: Box): Transform {
  const scale = clamp(t.scale, 1, MAX_SCALE);
  const maxX = ((scale - 1) * box.width) / 2;
  const maxY = ((scale - 1) * box.height) / 2;
  return { scale, x: clamp(t.x, -maxX, maxX), y: clamp(t.y, -maxY, maxY) };
}

/**
 * Scales to `scale` keeping the picture point under `at` (relative to the box's centre) where it
 * is: pinching or double-tapping zooms into what the finger is on.
 */
export function zoomTo(
  t: Transform,
  scale: number,
  at: { x: number; y: number },
  box: Box,
): Transform {
  const next = clamp(scale, 1, MAX_SCALE);
  const k = next / t.scale;
  return clampTransform(
    { scale: next, x: at.x - (at.x - t.x) * k, y: at.y - (at.y - t.y) * k },
    box,
  );
}

/** Double tap: zoom in at the point, or back out when already zoomed. */
export function doubleTap(t: Transform, at: { x: number; y: number }, box: Box): Transform {
  return t.scale > 1 ? IDENTITY : zoomTo(t, DOUBLE_TAP_SCALE, at, box);
}

/**
 * Which way a finished one-finger drag goes. Swiping left (finger moves left) brings the next,
 * newer issue, as in any photo viewer; only an unzoomed picture swipes.
 */
export function swipeOf(dx: number, dy: number, scale: number): 'prev' | 'next' | null {
  if (scale > 1) return null;
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 'next' : 'prev';
}

export const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y);
