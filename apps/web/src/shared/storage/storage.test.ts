import { describe, expect, it, vi } from 'vitest';
import { cookieBackend, createStorage, memoryBackend, type StorageBackend } from './storage';

function broken(name: StorageBackend['name']): StorageBackend {
  const fail = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  return { name, get: fail, set: fail, remove: fail };
}

function local(): StorageBackend {
  return {
    name: 'localStorage',
    get: (k) => localStorage.getItem(k),
    set: (k, v) => localStorage.setItem(k, v),
    remove: (k) => localStorage.removeItem(k),
  };
}

describe('storage fallback chain', () => {
  it('uses localStorage when it works', () => {
    const s = createStorage(() => [local(), cookieBackend(), memoryBackend()]);
    s.set('access_token', 'abc');
    expect(s.backendName()).toBe('localStorage');
    expect(localStorage.getItem('access_token')).toBe('abc');
    expect(s.get('access_token')).toBe('abc');
    s.remove('access_token');
    expect(s.get('access_token')).toBeNull();
  });

  it('falls back to a far-future cookie when localStorage throws', () => {
    const s = createStorage(() => [broken('localStorage'), cookieBackend(), memoryBackend()]);
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    s.set('chat_token', 'c t=1');
    expect(s.backendName()).toBe('cookie');
    expect(s.get('chat_token')).toBe('c t=1');
    const written = cookieSetter.mock.calls
      .map(([v]) => v)
      .find((v) => v.startsWith('chat_token='));
    expect(written).toContain('expires=Fri, 31 Dec 9999');
    s.remove('chat_token');
    expect(s.get('chat_token')).toBeNull();
  });

  it('falls back to sessionStorage when cookies are unavailable too', () => {
    const session: StorageBackend = {
      name: 'sessionStorage',
      get: (k) => sessionStorage.getItem(k),
      set: (k, v) => sessionStorage.setItem(k, v),
      remove: (k) => sessionStorage.removeItem(k),
    };
    const s = createStorage(() => [
      broken('localStorage'),
      broken('cookie'),
      session,
      memoryBackend(),
    ]);
    s.set('access_token', 't');
    expect(s.backendName()).toBe('sessionStorage');
    expect(sessionStorage.getItem('access_token')).toBe('t');
  });

  it('ends in memory when every browser store is blocked', () => {
    const s = createStorage(() => [
      broken('localStorage'),
      broken('cookie'),
      broken('sessionStorage'),
    ]);
    s.set('access_token', 'm');
    expect(s.backendName()).toBe('memory');
    expect(s.get('access_token')).toBe('m');
  });

  it('moves down the chain when a backend starts failing after the probe', () => {
    let full = false;
    const flaky: StorageBackend = {
      name: 'localStorage',
      get: (k) => localStorage.getItem(k),
      set: (k, v) => {
        if (full && k !== '__kj_probe__') throw new DOMException('quota', 'QuotaExceededError');
        localStorage.setItem(k, v);
      },
      remove: (k) => localStorage.removeItem(k),
    };
    const s = createStorage(() => [flaky, memoryBackend()]);
    s.set('chat_token', 'a');
    full = true;
    s.set('chat_token', 'b');
    expect(s.backendName()).toBe('memory');
    expect(s.get('chat_token')).toBe('b');
  });

  it('probes a backend once, not on every read and write', () => {
    const writes: string[] = [];
    const counting: StorageBackend = {
      name: 'localStorage',
      get: (k) => localStorage.getItem(k),
      set: (k, v) => {
        writes.push(k);
        localStorage.setItem(k, v);
      },
      remove: (k) => localStorage.removeItem(k),
    };
    const s = createStorage(() => [counting, memoryBackend()]);
    for (let i = 0; i < 5; i += 1) s.get('theme');
    s.set('theme', 'dark');
    expect(s.get('theme')).toBe('dark');
    expect(writes).toEqual(['__kj_probe__', 'theme']);
  });
});
