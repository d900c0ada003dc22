// Loaded after the page's load event (see main.tsx), never on the first load's critical path.
// Registers /sw.js, hands it the assets this page already loaded, offers a waiting new version
// ("有新版本，点击刷新") and shows the offline badge while the data on screen came from the
// worker's cache (the worker says so by message: `kj-data-time`).
import { translate } from '../i18n';
import './pwa.css';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDataTime(at: number, now: number = Date.now()): string {
  const d = new Date(at);
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return new Date(now).toDateString() === d.toDateString()
    ? time
    : `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${time}`;
}

function showOfflineBadge(at: number | null): void {
  let badge = document.getElementById('kj-offline-badge');
  if (at === null) {
    badge?.remove();
    return;
  }
  if (!badge) {
    badge = document.createElement('div');
    badge.id = 'kj-offline-badge';
    badge.className = 'kj-pwa-badge';
    badge.setAttribute('role', 'status');
    document.body.append(badge);
  }
  badge.textContent = translate('pwa.offline', { time: formatDataTime(at) });
}

function offerUpdate(worker: ServiceWorker): void {
  if (document.getElementById('kj-update-prompt')) return;
  const button = document.createElement('button');
  button.id = 'kj-update-prompt';
  button.type = 'button';
  button.className = 'kj-pwa-update';
  button.textContent = translate('pwa.update');
  button.addEventListener('click', () => {
    button.disabled = true;
    worker.postMessage('kj-skip-waiting');
  });
  document.body.append(button);
}

function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  sw.addEventListener('message', (event: MessageEvent) => {
    const msg = event.data as { type?: string; cachedAt?: number | null } | null;
    if (msg?.type === 'kj-data-time') showOfflineBadge(msg.cachedAt ?? null);
  });
  // What this page got from the cache before this code loaded.
  sw.controller?.postMessage('kj-data-time?');
  // Reload once when the accepted new version takes over, not on the first install.
  let controlled = Boolean(sw.controller);
  let reloading = false;
  const sendAssets = (to: ServiceWorker | null | undefined) =>
    to?.postMessage({ type: 'kj-cache-assets', urls: loadedAssets() });
  sw.addEventListener('controllerchange', () => {
    // First install: the worker now sees every request; hand it what came before.
    if (!controlled) {
      controlled = true;
      return sendAssets(sw.controller);
    }
    if (reloading) return;
    reloading = true;
    location.reload();
  });
  let registration: ServiceWorkerRegistration;
  try {
    registration = await sw.register('/sw.js', { scope: '/' });
  } catch (error) {
    // Offline support is a bonus: the site works without it.
    console.warn('kaijiang: service worker not registered', error);
    return;
  }
  if (registration.waiting && controlled) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && controlled) offerUpdate(installing);
    });
  });
  sendAssets((await sw.ready).active);
}
