import { describe, expect, it } from 'vitest';
import { clampTransform, doubleTap, IDENTITY, MAX_SCALE, swipeOf, zoomTo } from './viewer-gestures';

const box = { width: 400, height: 600 };

describe('viewer gestures', () => {
  it('swipes left to the next issue and right to the previous, only when unzoomed', () => {
    expect(swipeOf(-120, 10, 1)).toBe('next');
    expect(swipeOf(120, -10, 1)).toBe('prev');
    expect(swipeOf(-30, 0, 1)).toBeNull();
    // Mostly vertical: a scroll, not a swipe.
    expect(swipeOf(-80, 100, 1)).toBeNull();
    expect(swipeOf(-200, 0, 2)).toBeNull();
  });

  it('zooms into the point under the fingers and keeps the picture covering the box', () => {
    const t = zoomTo(IDENTITY, 2, { x: 100, y: 0 }, box);
    expect(t.scale).toBe(2);
    // The point 100px right of centre stays where it was: (100 - 0) * 2 + x = 100.
    expect(t.x).toBe(-100);
    expect(zoomTo(IDENTITY, 10, { x: 0, y: 0 }, box).scale).toBe(MAX_SCALE);
    expect(zoomTo(IDENTITY, 0.2, { x: 0, y: 0 }, box)).toEqual({ scale: 1, x: 0, y: 0 });
    expect(clampTransform({ scale: 2, x: 900, y: -900 }, box)).toEqual({
      scale: 2,
      x: 200,
      y: -300,
    });
  });

  it('double tap zooms in, and out again', () => {
    const zoomed = doubleTap(IDENTITY, { x: 0, y: 0 }, box);
    expect(zoomed.scale).toBeGreaterThan(1);
    expect(doubleTap(zoomed, { x: 50, y: 50 }, box)).toEqual(IDENTITY);
  });
});
