import { afterEach, describe, expect, it, vi } from 'vitest';
import { hideBootLoader } from './boot-loader';

afterEach(() => vi.useRealTimers());

describe('start-up loader', () => {
  it('fades by 0.2 every 100 ms and is removed after about a second', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="kj-boot">正在加载</div>';
    hideBootLoader();
    const el = document.getElementById('kj-boot')!;
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(100);
      seen.push(el.style.opacity);
    }
    expect(seen).toEqual(['0.8', '0.6', '0.4', '0.2']);
    vi.advanceTimersByTime(100);
    expect(document.getElementById('kj-boot')).toBeNull();
  });

  it('goes at once when motion is reduced', () => {
    document.body.innerHTML = '<div id="kj-boot"></div>';
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: () => ({ matches: true }),
    });
    try {
      hideBootLoader();
      expect(document.getElementById('kj-boot')).toBeNull();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });
});
