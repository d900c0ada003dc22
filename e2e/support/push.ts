// Web Push in the browser under test. Chromium here has no push service to reach (no network):
// PushManager.subscribe is replaced by one that hands back a subscription on our local push
// service (apps/server/test/helpers/push-service.ts), with keys that service holds, so the
// server's real sends reach it and are decrypted there. The worker's side is real: a message
// is delivered to it through the DevTools protocol, as a push service would.
import { test, type BrowserContext, type Page } from '@playwright/test';
import type { TestDevice } from '../../apps/server/test/helpers/push-service.ts';

/** The local push service's port: next to the app shell's (playwright.config.ts). */
export const pushServicePort = (baseURL: string) => Number(new URL(baseURL).port) + 2;

export async function stubPushManager(page: Page, device: TestDevice) {
  await page.addInitScript((d: TestDevice) => {
    // Kept across the page's loads, as the browser keeps a subscription.
    const KEPT = 'kj-test-push';
    const state = {
      get subscribeKey() {
        return localStorage.getItem(`${KEPT}-key`) ?? '';
      },
      get unsubscribed() {
        return Number(localStorage.getItem(`${KEPT}-gone`) ?? 0);
      },
    };
    Object.assign(window, { kjPush: state });
    const sub = {
      endpoint: d.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: d.endpoint, expirationTime: null, keys: d.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEPT);
        localStorage.setItem(`${KEPT}-gone`, String(state.unsubscribed + 1));
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const b64url = btoa(String.fromCharCode(...key))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
      localStorage.setItem(`${KEPT}-key`, b64url);
      localStorage.setItem(KEPT, '1');
      return sub;
    };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEPT) ? sub : null);
  }, device);
}

/**
 * What the push service would hand the browser: the decrypted message, to the site's worker once
 * its registration has an activated version (before that the browser drops a push unheard).
 */
export async function deliverPush(context: BrowserContext, page: Page, data: string) {
  const cdp = await context.newCDPSession(page);
  const scope = new URL('/', page.url()).href;
  const ours = new Set<string>();
  const activated = new Set<string>();
  const ready = new Promise<string>((resolve) => {
    const check = () => {
      for (const id of ours) if (activated.has(id)) resolve(id);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) {
        if (r.scopeURL === scope && !r.isDeleted) ours.add(r.registrationId);
        else ours.delete(r.registrationId);
      }
      check();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
      check();
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await ready,
    data,
  });
  await cdp.detach();
}

/**
 * Delivers a push and waits for the worker's notification tagged `tag`. Twice in CI (of about
 * twelve runs) nothing was shown 10 s after a delivery; 60 deliveries here, on a loaded machine
 * or not, and three whole e2e runs never lost one, so where it went is not known. A push service
 * redelivers a message the device did not take, so this does too, once, and says so in the
 * test's annotations and output, with how many push events the worker had counted (a listener
 * added here: null when the worker was started anew in between). A worker that shows nothing
 * still fails.
 */
export async function pushAndShow(context: BrowserContext, page: Page, data: string, tag: string) {
  type Counted = { kjPushes?: number };
  const workers = () => context.serviceWorkers();
  await Promise.all(
    workers().map((w) =>
      w.evaluate(() => {
        const sw = self as unknown as Counted & EventTarget;
        if (sw.kjPushes !== undefined) return;
        sw.kjPushes = 0;
        sw.addEventListener('push', () => (sw.kjPushes! += 1));
      }),
    ),
  );
  for (const attempt of [1, 2]) {
    await deliverPush(context, page, data);
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      if ((await shownNotifications(page)).some((n) => n.tag === tag)) return;
      await page.waitForTimeout(100);
    }
    if (attempt === 2) return;
    const counted = await Promise.all(
      workers().map((w) =>
        w.evaluate(() => (self as unknown as Counted).kjPushes).catch(() => 'gone'),
      ),
    );
    const description = `no notification 10 s after the first delivery; push events counted by the worker(s): ${JSON.stringify(counted)}`;
    test.info().annotations.push({ type: 'push redelivered', description });
    console.warn(`push redelivered: ${description}`);
  }
}

/** The notifications the site's worker shows now. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

/**
 * A tap on the worker's notification. No protocol command clicks one, so the worker gets the
 * event from script: untrusted, its waitUntil refuses, yet the handler's work runs the same.
 */
export async function tapNotification(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker');
  await worker.evaluate(async () => {
    // The worker's globals (the e2e project compiles against the page's types).
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(e: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [n] = await sw.registration.getNotifications();
    if (!n) throw new Error('no notification to tap');
    try {
      sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n }));
    } catch {
      // waitUntil on an untrusted event throws inside the handler, after it started its work.
    }
  });
}
