import { describe, expect, it } from 'vitest';
import { keyBytes, pushAbility } from './device-push';

const env = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14)',
  standalone: false,
};
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1';

describe('device push', () => {
  it('offers push where the browser has it, and says to install on an iPhone that has not', () => {
    expect(pushAbility(env)).toBe('ok');
    expect(pushAbility({ ...env, hasPushManager: false })).toBe('unsupported');
    expect(pushAbility({ ...env, userAgent: iphone, hasPushManager: false })).toBe('install');
    expect(
      pushAbility({ ...env, userAgent: iphone, hasPushManager: false, standalone: true }),
    ).toBe('unsupported');
    expect(pushAbility({ ...env, userAgent: iphone })).toBe('ok');
  });

  it('turns a base64url key into its bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    const b64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect([...keyBytes(b64url)]).toEqual([...bytes]);
  });
});
