import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale';
import { formatDataTime, registerServiceWorker } from './register-sw';

describe('offline badge time', () => {
  it('shows the time of today’s data, and the date of older data', () => {
    const at = new Date(2026, 10, 21, 9, 5).getTime();
    expect(formatDataTime(at, new Date(2026, 10, 21, 18, 0).getTime())).toBe('09:05');
    expect(formatDataTime(at, new Date(2026, 10, 22, 8, 0).getTime())).toBe('11-21 09:05');
  });
});

describe('offline badge words', () => {
  afterEach(() => {
    setLocale('zh-Hans');
    document.getElementById('kj-offline-badge')?.remove();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says "offline" in the chosen language', async () => {
    let onMessage: ((event: MessageEvent) => void) | undefined;
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        controller: null,
        addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
          if (type === 'message') onMessage = listener;
        },
        register: () => Promise.reject(new Error('no worker in tests')),
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await registerServiceWorker();
    setLocale('zh-Hant');
    const at = Date.now();
    onMessage?.(new MessageEvent('message', { data: { type: 'kj-data-time', cachedAt: at } }));
    expect(document.getElementById('kj-offline-badge')).toHaveTextContent(
      `離線 · 數據時間 ${formatDataTime(at)}`,
    );
  });
});
