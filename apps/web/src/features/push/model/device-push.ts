// This device's side of Web Push: whether it can, its current subscription, and making one.

export type PushAbility = 'ok' | 'unsupported' | 'install';

interface Env {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
  standalone: boolean;
}

/**
 * iPhone and iPad browsers offer Web Push only to a site added to the Home Screen and opened
 * from there (iOS 16.4+): elsewhere there is nothing to call, so say how to get it.
 */
export function pushAbility(env: Env): PushAbility {
  const ios = /iPhone|iPad|iPod/.test(env.userAgent);
  if (env.hasServiceWorker && env.hasPushManager && env.hasNotification) return 'ok';
  return ios && !env.standalone ? 'install' : 'unsupported';
}

export function devicePushAbility(): PushAbility {
  if (typeof window === 'undefined') return 'unsupported';
  return pushAbility({
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    userAgent: navigator.userAgent,
    standalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
  });
}

/** The VAPID key as PushManager wants it (bytes, from base64url). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** The site's worker (registered after load; at most a few seconds to wait for it). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('no service worker')), 8_000),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** Without a registration yet (a first visit) there is no subscription: no need to wait for one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks permission (only ever from a tap) and subscribes; null when the visitor says no. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription | null> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const reg = await registration();
  return reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
}

export function subscriptionKeys(sub: PushSubscription): { p256dh: string; auth: string } {
  const json = sub.toJSON();
  return { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' };
}
