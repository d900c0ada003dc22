import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Game } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fixtures';
import { bodyOf, refusal } from '@/test/member-server';
import { renderWithStore } from '@/test/render-with-store';
import { DrawAlertButton } from './draw-alert-button';

const GAME = { id: 110, name: '新澳门六合彩' } as Game;
const KEY =
  'BDFK560JQ4Lj_jH4fkT_iYPkPv3sL8ucMXcfkZwshnZfuM-bVuwFgEi1t9gIuaVEa5HEOXLzzHQAsYAiK497piA';
const KEYS = { p256dh: 'BPpoint', auth: 'secret16' };
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';

/** The browser's side: a worker registration whose push manager keeps one subscription. */
function installBrowserPush(
  opts: { permission?: NotificationPermission; answer?: NotificationPermission } = {},
) {
  let current: PushSubscription | null = null;
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
      unsubscribe: unsubscribe,
    } as unknown as PushSubscription;
    return current;
  });
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const registration = {
    pushManager: { subscribe, getSubscription: async () => current },
  };
  const notification = {
    permission: opts.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notification.permission = opts.answer ?? 'granted';
      return notification.permission;
    }),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { subscribe, unsubscribe, notification };
}

function pushServer(save?: (init: RequestInit) => unknown) {
  const saved: unknown[] = [];
  let games: number[] = [];
  const server = fakeServer({
    'GET /api/v2/push/key': () => ({ publicKey: KEY }),
    'POST /api/v2/push/subscription/games': () => ({ games }),
    'PUT /api/v2/push/subscription': (_url, init) => {
      saved.push(bodyOf(init));
      const out = save?.(init);
      if (out) return out;
      games = (bodyOf(init) as { games: number[] }).games;
      return { games };
    },
  });
  return { server, saved };
}

describe('the draw alert of a game screen', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (Linux; Android 14)',
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('subscribes this device with the server key, then follows and unfollows the game', async () => {
    const browser = installBrowserPush();
    const { server, saved } = pushServer();
    renderWithStore(<DrawAlertButton game={GAME} />, { server });
    const region = screen.getByRole('region', { name: '开奖提醒' });
    await userEvent.click(await within(region).findByRole('button', { name: '开启提醒' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      '已开启：新澳门六合彩 开奖后会通知本机',
    );
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    const asked = browser.subscribe.mock.calls[0]![0];
    expect(asked.userVisibleOnly).toBe(true);
    expect((asked.applicationServerKey as Uint8Array).length).toBe(65);
    expect(saved).toEqual([{ endpoint: ENDPOINT, keys: KEYS, games: [110], lang: 'zh-Hans' }]);

    await userEvent.click(within(region).getByRole('button', { name: '关闭提醒' }));
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent(
        '已关闭 新澳门六合彩 的开奖提醒',
      ),
    );
    expect(saved.at(-1)).toMatchObject({ games: [] });
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
    expect(within(region).getByRole('button', { name: '开启提醒' })).toBeEnabled();
  });

  it('says what the server refused and leaves the alert off', async () => {
    installBrowserPush();
    const { server } = pushServer(() => refusal(400, 'REQ/INVALID', '不支持此浏览器的推送服务'));
    renderWithStore(<DrawAlertButton game={GAME} />, { server });
    const region = screen.getByRole('region', { name: '开奖提醒' });
    await userEvent.click(await within(region).findByRole('button', { name: '开启提醒' }));
    expect(await within(region).findByText('不支持此浏览器的推送服务')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '开启提醒' })).toBeEnabled();
  });

  it('says how to allow notifications when the visitor or the browser says no', async () => {
    const browser = installBrowserPush({ answer: 'denied' });
    const { server, saved } = pushServer();
    renderWithStore(<DrawAlertButton game={GAME} />, { server });
    const region = screen.getByRole('region', { name: '开奖提醒' });
    await userEvent.click(await within(region).findByRole('button', { name: '开启提醒' }));
    expect(await within(region).findByText(/通知已被浏览器阻止/)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });

  it('finds the games this device already follows', async () => {
    installBrowserPush({ permission: 'granted' });
    const { server } = pushServer();
    const first = renderWithStore(<DrawAlertButton game={GAME} />, { server });
    await userEvent.click(await screen.findByRole('button', { name: '开启提醒' }));
    await screen.findByRole('button', { name: '关闭提醒' });
    first.unmount();
    renderWithStore(<DrawAlertButton game={GAME} />, { server });
    expect(await screen.findByRole('button', { name: '关闭提醒' })).toBeInTheDocument();
  });

  it('tells a browser without push that it has none', async () => {
    renderWithStore(<DrawAlertButton game={GAME} />, { server: pushServer().server });
    expect(await screen.findByText(/此浏览器不支持推送通知/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks an iPhone visitor to add the site to the Home Screen first', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1',
    });
    renderWithStore(<DrawAlertButton game={GAME} />, { server: pushServer().server });
    expect(await screen.findByText(/添加到主屏幕/)).toBeInTheDocument();
  });
});
