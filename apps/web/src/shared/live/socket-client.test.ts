import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { GameSocketClient } from './socket-client';

const hosts = ['wss://live01.test', 'wss://live02.test', 'wss://live03.test'];
const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;
const hostOf = (s: FakeSocket) => s.url.replace(/\/ws-game\/.*$/, '');

function client(opts: Partial<ConstructorParameters<typeof GameSocketClient>[0]> = {}) {
  let online = true;
  let onlineCb: (() => void) | null = null;
  const c = new GameSocketClient({
    hosts,
    defaultHost: hosts[1],
    createSocket: (url) => new FakeSocket(url),
    isOnline: () => online,
    onBrowserOnline: (cb) => {
      onlineCb = cb;
      return () => (onlineCb = null);
    },
    random: () => 0,
    ...opts,
  });
  return {
    c,
    goOffline: () => (online = false),
    goOnline: () => {
      online = true;
      onlineCb?.();
    },
  };
}

describe('GameSocketClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('connects to the default host on /ws-game/{guid}', () => {
    const { c } = client();
    const states: string[] = [];
    c.onState((s) => states.push(s));
    c.start();
    expect(last().url).toMatch(/^wss:\/\/live02\.test\/ws-game\/[0-9a-f-]{36}$/);
    last().open();
    expect(states).toEqual(['connecting', 'open']);
    c.stop();
  });

  it('drops a failed host and reconnects to a remaining one after 1 s', () => {
    const { c } = client();
    c.start();
    last().fail();
    expect(c.state).toBe('closed');
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(hostOf(last())).toBe('wss://live01.test');
    last().fail();
    vi.advanceTimersByTime(1000);
    expect(hostOf(last())).toBe('wss://live03.test');
    c.stop();
  });

  it('resets the host list and retries after 5 s when every host failed', () => {
    const { c } = client();
    c.start();
    for (let i = 0; i < 2; i++) {
      last().fail();
      vi.advanceTimersByTime(1000);
    }
    expect(FakeSocket.all).toHaveLength(3);
    last().fail();
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(4);
    expect(hosts).toContain(hostOf(last()));
    c.stop();
  });

  it('waits while offline and reconnects at once when the browser is back online', () => {
    const { c, goOffline, goOnline } = client();
    c.start();
    last().open();
    goOffline();
    last().close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    goOnline();
    expect(FakeSocket.all).toHaveLength(2);
    expect(c.state).toBe('connecting');
    c.stop();
  });

  it('pings every 15 s, ignores the echo, and closes after 15 s of silence', () => {
    const { c } = client();
    const frames: unknown[] = [];
    c.onFrame((f) => frames.push(f));
    c.start();
    const s = last();
    s.open();
    vi.advanceTimersByTime(15_000);
    expect(s.sent).toHaveLength(1);
    const ping = s.sent[0]!;
    expect(ping).toMatchObject({ command: 66, content: 'Ping' });
    s.receive(ping);
    expect(frames).toEqual([]);
    vi.advanceTimersByTime(15_000);
    expect(s.sent).toHaveLength(2);
    expect(s.closed).toBe(false);
    // No answer to the second ping within 15 s: the client gives up on this connection.
    vi.advanceTimersByTime(15_000);
    expect(s.closed).toBe(true);
    expect(c.state).toBe('closed');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    c.stop();
  });

  it('subscribes on open and again after a reconnect, and hands snapshots to listeners', () => {
    const { c } = client();
    const frames: unknown[] = [];
    c.onFrame((f) => frames.push(f));
    c.subscribe([120]);
    c.start();
    last().open();
    expect(last().sent[0]).toMatchObject({ command: 67, content: { gameIds: [120] } });
    const snapshot = { id: 's1', command: 70, content: { gameId: 120, numbers: ['07'] } };
    last().receive(snapshot);
    expect(frames).toEqual([snapshot]);
    last().fail();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent[0]).toMatchObject({ command: 67, content: { gameIds: [120] } });
    c.stop();
  });

  it('matches answers to requests by id and turns refusals into errors', async () => {
    const { c } = client();
    c.start();
    last().open();
    const answer = c.request(69, { gameId: 110, limit: 5 });
    const sent = last().sent[0]!;
    last().receive({ id: sent.id, command: 69, content: { gameId: 110, draws: [] } });
    await expect(answer).resolves.toMatchObject({ command: 69, content: { gameId: 110 } });
    const refused = c.request(69, { gameId: -1 });
    last().receive({
      id: last().sent[1]!.id,
      command: 71,
      content: { code: 'REQ/INVALID', msg: '参数错误' },
    });
    await expect(refused).rejects.toThrow('参数错误');
    c.stop();
  });

  it('uses the page origin when no live host is configured, and stops for good', () => {
    const { c } = client({
      hosts: [],
      defaultHost: undefined,
      pageOrigin: () => 'ws://127.0.0.1:8080',
    });
    c.start();
    expect(last().url).toMatch(/^ws:\/\/127\.0\.0\.1:8080\/ws-game\//);
    c.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('forgets unsubscribed games on the next connection', () => {
    const { c } = client();
    c.subscribe([110, 120]);
    c.start();
    last().open();
    c.unsubscribe([120]);
    last().fail();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(last().sent[0]).toMatchObject({ command: 67, content: { gameIds: [110] } });
    c.stop();
  });

  it("gives a bare host name the page's scheme", () => {
    const { c } = client({
      hosts: ['live09.example.com'],
      defaultHost: undefined,
      pageOrigin: () => 'ws://example.com',
    });
    c.start();
    expect(last().url).toMatch(/^ws:\/\/live09\.example\.com\/ws-game\//);
    c.stop();
  });
});
