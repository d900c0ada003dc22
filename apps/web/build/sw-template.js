/* global self, caches, fetch, Response, Headers, clearTimeout */
// kaijiang service worker (hand-written; the build fills in VERSION and PRECACHE).
// Shell: index.html and the hashed assets of the first load, precached; other hashed assets are
// cached when first used. Data: the latest draws and the static data files, network first with
// the last answer kept, so a visitor offline still sees the latest draw. Cached answers carry
// `x-kj-cached-at` (ms) so the page can mark them as offline data. Push: a finished draw becomes a
// notification whose tap opens the game.
const VERSION = '__KJ_SW_VERSION__';
const PRECACHE = /* kj-precache */ [];
const SHELL = `kj-shell-${VERSION}`;
const DATA = 'kj-data-v1';
const NETWORK_TIMEOUT_MS = 6000;

const isData = (url) =>
  url.pathname === '/app-api/api/v2/draws/latest' ||
  url.pathname.startsWith('/sys-upload/data/json/');

/** The data cache ignores the `_t` cache buster. */
function dataKey(url) {
  const key = new URL(url.href);
  key.searchParams.delete('_t');
  return key.href;
}

self.addEventListener('install', (event) => {
  // No skipWaiting: a new version waits until the visitor accepts the page's update prompt.
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(['/', ...PRECACHE])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('kj-shell-') && k !== SHELL).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const msg = event.data;
  if (msg === 'kj-skip-waiting') self.skipWaiting();
  if (msg === 'kj-data-time?' && event.source) {
    event.source.postMessage({
      type: 'kj-data-time',
      cachedAt: offlineSince.has(event.source.id) ? offlineSince.get(event.source.id) : null,
    });
  }
  // The page lists the assets it loaded before this worker controlled it (e.g. its route chunk).
  if (msg && msg.type === 'kj-cache-assets' && Array.isArray(msg.urls)) {
    const urls = msg.urls.filter((u) => {
      try {
        const url = new URL(u, self.location.href);
        return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
      } catch {
        return false;
      }
    });
    event.waitUntil(
      caches
        .open(SHELL)
        .then((cache) => cache.addAll(urls))
        .catch(() => {}),
    );
  }
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

const LATEST = '/app-api/api/v2/draws/latest';
const INLINE_DATA = /<script id="kj-data"[^>]*>([\s\S]*?)<\/script>/;

function keep(cache, key, body, headers = {}) {
  const h = new Headers(headers);
  h.set('content-type', h.get('content-type') || 'application/json; charset=utf-8');
  h.set('x-kj-cached-at', String(Date.now()));
  return cache.put(key, new Response(body, { status: 200, headers: h }));
}

/** The data files the page's answers name (apps/web/src/shared/api/site-api.ts), by endpoint. */
const FILE_OF = {
  settings: () => 'config.json',
  games: () => 'games.json',
  fiveElements: () => 'five-elements.json',
  notices: (code) => `company/${encodeURIComponent(code)}/notice_list.json`,
  company: (code) => `company/${encodeURIComponent(code)}.json`,
};

const envelope = (data) => JSON.stringify({ code: 'OK', msg: 'ok', data });

/**
 * The latest draws a page carries: one game's (kept under its own request, and merged into the
 * every-game answer, where the offline lookup of latestOfOneGame finds it too) or every game's.
 */
async function keepLatest(cache, gameId, value) {
  const all = self.location.origin + LATEST;
  if (gameId === undefined) return keep(cache, all, envelope(value));
  await keep(cache, `${all}?gameId=${encodeURIComponent(gameId)}`, envelope(value));
  const known = await cache.match(all);
  const list = known ? ((await known.json().catch(() => null))?.data ?? []) : [];
  const merged = Array.isArray(list) ? list.filter((d) => d.gameId !== value.gameId) : [];
  return keep(cache, all, envelope([...merged, value]));
}

/**
 * A server-rendered page carries the answers of its queries (`kj-data`: endpoint, argument,
 * value), in which case the page never asks for them: keep the data files and the latest draws
 * among them as the answers their requests would get.
 */
async function keepInlineData(response) {
  const match = INLINE_DATA.exec(await response.text());
  if (!match) return;
  let answers;
  try {
    answers = JSON.parse(match[1]);
  } catch {
    return;
  }
  if (!Array.isArray(answers)) return;
  const cache = await caches.open(DATA);
  const origin = self.location.origin;
  await Promise.all(
    answers.map(({ endpointName, arg, value }) => {
      if (endpointName === 'latestDraws') return keepLatest(cache, arg, value);
      const file = FILE_OF[endpointName];
      return file
        ? keep(cache, `${origin}/sys-upload/data/json/${file(arg)}`, JSON.stringify(value))
        : undefined;
    }),
  );
}

/** Offline, one game's latest draw may be found in the every-game answer. */
async function latestOfOneGame(cache, url) {
  const gameId = Number(url.searchParams.get('gameId'));
  const all = await cache.match(self.location.origin + LATEST);
  if (!gameId || !all) return undefined;
  const envelope = await all.json().catch(() => null);
  const draw = Array.isArray(envelope && envelope.data)
    ? envelope.data.find((d) => d.gameId === gameId)
    : undefined;
  if (!draw) return undefined;
  return new Response(JSON.stringify({ code: 'OK', msg: 'ok', data: draw }), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-kj-cached-at': all.headers.get('x-kj-cached-at') || String(Date.now()),
    },
  });
}

/**
 * Pages whose data on screen came from the cache, and its time (ms). The page learns it by
 * message (asking when its badge code loads, told on every change after), so nothing on the
 * page's first load has to read response headers.
 */
const offlineSince = new Map();

async function tellClient(clientId, at) {
  if (!clientId || offlineSince.get(clientId) === at) return;
  if (at === null) offlineSince.delete(clientId);
  else offlineSince.set(clientId, at);
  const client = await self.clients.get(clientId);
  if (client) client.postMessage({ type: 'kj-data-time', cachedAt: at });
}

async function networkFirstData(event, url) {
  const cache = await caches.open(DATA);
  const key = dataKey(url);
  const clientId = event.clientId || event.resultingClientId;
  try {
    const response = await withTimeout(fetch(event.request), NETWORK_TIMEOUT_MS);
    if (response.ok) {
      await keep(cache, key, await response.clone().arrayBuffer(), response.headers);
      event.waitUntil(tellClient(clientId, null));
    }
    return response;
  } catch (error) {
    const cached =
      (await cache.match(key)) ||
      (url.pathname === LATEST ? await latestOfOneGame(cache, url) : undefined);
    if (!cached) throw error;
    const at = Number(cached.headers.get('x-kj-cached-at')) || Date.now();
    // The latest draw's time is the one that matters; other files only stand in for it.
    const shown = offlineSince.get(clientId);
    event.waitUntil(tellClient(clientId, url.pathname === LATEST || !shown ? at : shown));
    return cached;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL);
    await cache.put(request, response.clone());
  }
  return response;
}

async function navigate(event) {
  try {
    const response = await withTimeout(fetch(event.request), NETWORK_TIMEOUT_MS);
    if (response.ok) event.waitUntil(keepInlineData(response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const shell = await caches.match('/', { cacheName: SHELL });
    if (!shell) throw error;
    // The shell's inline data is as old as this worker: without it the page asks for the data,
    // and gets the last answers kept, marked with their time.
    const html = (await shell.text()).replace(INLINE_DATA, '');
    return new Response(html, { headers: shell.headers });
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/app-api/') || url.pathname.startsWith('/sys-upload/')) return;
    event.respondWith(navigate(event));
  } else if (isData(url)) {
    event.respondWith(networkFirstData(event, url));
  } else if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});

// Web Push (issue 16): a finished draw, as the server's sender writes it (@kaijiang/domain
// drawPush: title, body, url, tag). A push must show a notification, even an unreadable one.
self.addEventListener('push', (event) => {
  let msg;
  try {
    msg = event.data ? event.data.json() : null;
  } catch {
    msg = null;
  }
  const text = (v) => (typeof v === 'string' ? v : '');
  // Only a path of this site: a tap never leads anywhere else.
  const url = /^\/(?!\/)/.test(text(msg && msg.url)) ? msg.url : '/';
  event.waitUntil(
    self.registration.showNotification(text(msg && msg.title) || '开奖结果', {
      body: text(msg && msg.body),
      tag: text(msg && msg.tag) || 'kj-draw',
      // A newer result of the same game replaces the older one, and still sounds.
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'zh',
      data: { url },
    }),
  );
});

/** A tap opens the game: a tab already on it is brought forward, else one of ours goes there. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/';
  const url = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const there = windows.find((c) => c.url === url);
      if (there) return there.focus();
      for (const c of windows) {
        if (new URL(c.url).origin !== self.location.origin || !('navigate' in c)) continue;
        try {
          const moved = await c.navigate(url);
          if (moved) return moved.focus().catch(() => moved);
        } catch {
          // Not ours to move (not controlled): open a window instead.
        }
      }
      return self.clients.openWindow(url);
    })(),
  );
});
