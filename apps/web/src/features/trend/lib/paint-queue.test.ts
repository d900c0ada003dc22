import { afterEach, describe, expect, it, vi } from 'vitest';
import { IN_VIEW, LATER, NEAR, queuePaint } from './paint-queue';

/** A job of `n` steps that logs `name:i` at each. */
function* steps(log: string[], name: string, n: number) {
  for (let i = 0; i < n; i++) {
    log.push(`${name}:${i}`);
    if (i < n - 1) yield;
  }
}

// Long enough for a few frames (jsdom runs them at 60 Hz) and the tasks between them.
const settle = () => new Promise((r) => setTimeout(r, 200));

describe('queuePaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the most urgent jobs first, oldest first', async () => {
    const log: string[] = [];
    const done: string[] = [];
    queuePaint(steps(log, 'near', 2), NEAR, () => done.push('near'));
    queuePaint(steps(log, 'later', 1), LATER, () => done.push('later'));
    queuePaint(steps(log, 'view1', 2), IN_VIEW, () => done.push('view1'));
    queuePaint(steps(log, 'view2', 2), IN_VIEW, () => done.push('view2'));
    // Nothing on screen was asked first: that work waits for a frame (jsdom's).
    expect(log).toEqual([]);
    await settle();
    expect(log).toEqual([
      'view1:0',
      'view1:1',
      'view2:0',
      'view2:1',
      'near:0',
      'near:1',
      'later:0',
    ]);
    expect(done).toEqual(['view1', 'view2', 'near', 'later']);
  });

  it('paints a tile on screen at once on an idle queue', async () => {
    const log: string[] = [];
    queuePaint(steps(log, 'a', 2), IN_VIEW, () => {});
    expect(log).toEqual(['a:0']);
    await settle();
    expect(log).toEqual(['a:0', 'a:1']);
  });

  it('drops a cancelled job between two steps and never calls its done', async () => {
    const log: string[] = [];
    const done = vi.fn();
    const cancel = queuePaint(steps(log, 'a', 3), IN_VIEW, done);
    cancel();
    await settle();
    expect(log).toEqual(['a:0']);
    expect(done).not.toHaveBeenCalled();
  });

  it('lets a frame through before less urgent work', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const log: string[] = [];
    queuePaint(steps(log, 'view', 1), IN_VIEW, () => {});
    queuePaint(steps(log, 'near', 1), NEAR, () => {});
    await settle();
    // The tile on screen is painted; the one below waits for the frame that shows it.
    expect(log).toEqual(['view:0']);
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    await settle();
    expect(log).toEqual(['view:0', 'near:0']);
  });
});
