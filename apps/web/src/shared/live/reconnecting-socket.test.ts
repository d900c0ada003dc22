import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { ReconnectingSocket } from './reconnecting-socket';

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function socket() {
  let visible: (() => void) | null = null;
  const opened: number[] = [];
  const messages: unknown[] = [];
  const s = new ReconnectingSocket({
    hosts: ['wss://chat.test/chat-api/ws'],
    url: (u) => u,
    createSocket: (url) => new FakeSocket(url),
    isOnline: () => true,
    onBrowserOnline: () => () => undefined,
    onPageVisible: (cb) => {
      visible = cb;
      return () => (visible = null);
    },
    ping: () => JSON.stringify({ type: 'ping' }),
    onOpen: () => opened.push(FakeSocket.all.length),
    onMessage: (data) => messages.push(data),
  });
  return { s, opened, messages, showPage: () => visible?.() };
}

describe('ReconnectingSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  it('with one host, retries it after 5 s and resumes on every open', () => {
    const { s, opened } = socket();
    s.start();
    last().open();
    expect(opened).toEqual([1]);
    last().fail();
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().url).toBe('wss://chat.test/chat-api/ws');
    last().open();
    expect(opened).toEqual([1, 2]);
    s.stop();
  });

  it('reconnects at once when the page comes back into view while closed', () => {
    const { s, showPage } = socket();
    s.start();
    last().open();
    showPage();
    expect(FakeSocket.all).toHaveLength(1);
    last().fail();
    showPage();
    expect(FakeSocket.all).toHaveLength(2);
    expect(s.state).toBe('connecting');
    s.stop();
    expect(s.state).toBe('closed');
  });

  it('hands frames over as they come, sends only while open, and closes on 15 s of silence', () => {
    const { s, messages } = socket();
    s.start();
    expect(s.send('early')).toBe(false);
    const first = last();
    first.open();
    expect(s.send('{"type":"join"}')).toBe(true);
    first.receive({ type: 'pong' });
    expect(messages).toEqual(['{"type":"pong"}']);
    vi.advanceTimersByTime(15_000);
    expect(first.sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(15_000);
    expect(first.closed).toBe(true);
    expect(s.state).toBe('closed');
    s.stop();
  });
});
