/**
 * Key-value storage that keeps working where localStorage is blocked (private modes, embedded
 * web views): localStorage, then a cookie, then sessionStorage, then memory. Each backend is probed
 * before use and dropped when it starts failing.
 */
export type StorageKey =
  | 'access_token'
  | 'chat_login_token'
  | 'chat_token'
  | 'apiUrl'
  | 'chatUrl'
  | 'staticHost'
  | 'chatImgUrl'
  | 'locale'
  | 'theme'
  | 'kj_voice'
  // The picture library (features/gallery): this device's id for likes, and a visitor's favourites.
  | 'kj_device_id'
  | 'kj_gallery_favourites';

export interface StorageBackend {
  readonly name: 'localStorage' | 'cookie' | 'sessionStorage' | 'memory';
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

const PROBE_KEY = '__kj_probe__';

function webStorageBackend(
  name: 'localStorage' | 'sessionStorage',
  area: () => Storage,
): StorageBackend {
  return {
    name,
    get: (key) => area().getItem(key),
    set: (key, value) => area().setItem(key, value),
    remove: (key) => area().removeItem(key),
  };
}

// Far enough that a member stays signed in as with localStorage.
const COOKIE_EXPIRES = 'Fri, 31 Dec 9999 23:59:59 GMT';

export function cookieBackend(doc: () => Document = () => document): StorageBackend {
  const attrs = () => {
    const secure = doc().location?.protocol === 'https:' ? '; Secure' : '';
    return `; path=/; SameSite=Lax${secure}`;
  };
  return {
    name: 'cookie',
    get(key) {
      const prefix = `${encodeURIComponent(key)}=`;
      for (const part of doc().cookie.split(';')) {
        const item = part.trim();
        if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
      }
      return null;
    },
    set(key, value) {
      doc().cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; expires=${COOKIE_EXPIRES}${attrs()}`;
    },
    remove(key) {
      doc().cookie = `${encodeURIComponent(key)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT${attrs()}`;
    },
  };
}

export function memoryBackend(): StorageBackend {
  const map = new Map<string, string>();
  return {
    name: 'memory',
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

/** A backend is usable when a value written can be read back and removed. */
export function isAvailable(backend: StorageBackend): boolean {
  try {
    backend.set(PROBE_KEY, '1');
    const ok = backend.get(PROBE_KEY) === '1';
    backend.remove(PROBE_KEY);
    return ok;
  } catch {
    return false;
  }
}

export function defaultBackends(): StorageBackend[] {
  return [
    webStorageBackend('localStorage', () => window.localStorage),
    cookieBackend(),
    webStorageBackend('sessionStorage', () => window.sessionStorage),
    memoryBackend(),
  ];
}

export interface KeyValueStorage {
  get(key: StorageKey): string | null;
  set(key: StorageKey, value: string): void;
  remove(key: StorageKey): void;
  /** Name of the backend in use, for diagnostics and tests. */
  backendName(): StorageBackend['name'];
}

export function createStorage(backends: () => StorageBackend[] = defaultBackends): KeyValueStorage {
  let chain: StorageBackend[] | null = null;
  let fallback: StorageBackend | null = null;
  // Probed once: a probe writes, which costs a slow phone a round trip to the browser's storage
  // on every read. A backend that fails later is dropped by run() below.
  let probed: StorageBackend | null = null;

  function current(): StorageBackend {
    chain ??= backends();
    while (chain.length > 0) {
      const head = chain[0]!;
      if (head === probed || head.name === 'memory') return head;
      if (isAvailable(head)) return (probed = head);
      chain.shift();
    }
    fallback ??= memoryBackend();
    return fallback;
  }

  function run<T>(op: (backend: StorageBackend) => T): T {
    for (;;) {
      const backend = current();
      try {
        return op(backend);
      } catch (error) {
        if (backend.name === 'memory') throw error;
        // A quota error or a revoked permission: move down the chain and retry there.
        chain?.shift();
      }
    }
  }

  return {
    get: (key) => run((b) => b.get(key)),
    set: (key, value) => run((b) => b.set(key, value)),
    remove: (key) => run((b) => b.remove(key)),
    backendName: () => current().name,
  };
}

export const storage: KeyValueStorage = createStorage();

export function getAccessToken(): string | null {
  const token = storage.get('access_token');
  return token ? token : null;
}

export function clearMemberTokens(
  keys: readonly StorageKey[] = ['access_token', 'chat_login_token', 'chat_token'],
): void {
  for (const key of keys) storage.remove(key);
}
