import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { LiveConnection } from '../../src/services/live/live-connection.ts';
import { LocalFanout, sameState } from '../../src/services/live/live-hub.ts';
import { allowedOrigins, originAllowed } from '../../src/services/live/origin.ts';
import { guessId, parseClientFrame } from '../../src/services/live/protocol.ts';
import { BALLS, snapshot } from '../helpers/live.ts';

const parse = (text: string) => parseClientFrame(Buffer.from(text), false);

describe('parseClientFrame', () => {
  it('reads the three client commands', () => {
    expect(parse('{"id":"a","command":66,"content":"Ping"}')).toEqual({ kind: 'ping', id: 'a' });
    expect(parse('{"id":"b","command":69,"content":{"gameId":110}}')).toEqual({
      kind: 'history',
      id: 'b',
      gameId: 110,
      limit: 10,
    });
    expect(parse('{"id":"c","command":67,"content":{"gameIds":[110,120,110]}}')).toEqual({
      kind: 'subscribe',
      id: 'c',
      gameIds: [110, 120],
    });
  });

  it('refuses what it cannot read, keeping the id when it can find one', () => {
    expect(parse('[1]')).toMatchObject({
      kind: 'refused',
      id: '',
      refusal: { code: 'REQ/INVALID' },
    });
    expect(parse('{"id":"d","command":"66"}')).toMatchObject({ kind: 'refused', id: 'd' });
    expect(parse(`{"id":"${'x'.repeat(65)}","command":66,"content":"Ping"}`)).toMatchObject({
      kind: 'refused',
      id: '',
    });
    expect(parse('{"id":"e","command":67,"content":{"gameIds":[1.5]}}')).toMatchObject({
      refusal: { code: 'REQ/INVALID' },
    });
    expect(guessId('{"command":1, "id" : "f-1" , ')).toBe('f-1');
    expect(guessId('no id here')).toBe('');
  });
});

describe('origin check', () => {
  const allowed = allowedOrigins(
    ['https://www.example.com'],
    ['wss://live01.example.com:8443', 'live02.example.com'],
  );

  it('builds the allowlist from ALLOWED_ORIGINS and the live hosts', () => {
    expect([...allowed].sort()).toEqual([
      'http://live02.example.com',
      'https://live01.example.com:8443',
      'https://live02.example.com',
      'https://www.example.com',
    ]);
  });

  it('accepts same host, listed origins and no Origin at all', () => {
    expect(originAllowed(undefined, 'kj.example.org', allowed)).toBe(true);
    expect(originAllowed('https://kj.example.org', 'KJ.example.org', allowed)).toBe(true);
    expect(originAllowed('https://www.example.com', 'live01.example.com', allowed)).toBe(true);
    expect(originAllowed('https://evil.example.com', 'kj.example.org', allowed)).toBe(false);
    expect(originAllowed('null', 'kj.example.org', allowed)).toBe(false);
    expect(originAllowed('file://', 'kj.example.org', allowed)).toBe(false);
  });
});

describe('LocalFanout', () => {
  it('drops stale and repeated states', () => {
    const fanout = new LocalFanout();
    const got: string[] = [];
    fanout.subscribe(1, (s) => got.push(`${s.issue}:${s.numbers.length}`));
    fanout.deliver(snapshot(1, '100', BALLS.slice(0, 2)));
    fanout.deliver(snapshot(1, '100', BALLS.slice(0, 1)));
    fanout.deliver({
      ...snapshot(1, '100', BALLS.slice(0, 2)),
      serverTime: '2030-01-01T00:00:00.000Z',
    });
    fanout.deliver(snapshot(1, '100', BALLS.slice(0, 3)));
    expect(got).toEqual(['100:2', '100:3']);
    expect(sameState(snapshot(1, '1', []), { ...snapshot(1, '1', []), nextDrawAt: 'x' })).toBe(
      false,
    );
  });
});

/** A ws stand-in whose unsent bytes the test controls. */
function fakeSocket() {
  const raw = new EventEmitter() as EventEmitter & { writableHighWaterMark: number };
  raw.writableHighWaterMark = 16 * 1024;
  const sent: string[] = [];
  const ws = {
    readyState: 1,
    bufferedAmount: 0,
    send: (frame: string) => sent.push(frame),
    terminate() {
      ws.readyState = 3;
    },
  };
  return { ws, raw, sent };
}

describe('LiveConnection', () => {
  const limits = { burst: 3, perSecond: 1, highWaterBytes: 1000, hardLimitBytes: 5000 };

  it('keeps only the newest waiting snapshot per game while the client is slow', () => {
    const { ws, raw, sent } = fakeSocket();
    const conn = new LiveConnection(
      ws as unknown as WebSocket,
      '1.2.3.4',
      raw as unknown as Socket,
      limits,
    );
    conn.push(1, 'a1');
    // A client that keeps up carries no listener of ours (memory per idle socket).
    expect(raw.listenerCount('drain')).toBe(0);
    ws.bufferedAmount = 20_000;
    conn.push(1, 'a2');
    conn.push(2, 'b1');
    conn.push(1, 'a3');
    expect(sent).toEqual(['a1']);
    expect(raw.listenerCount('drain')).toBe(1);
    ws.bufferedAmount = 0;
    raw.emit('drain');
    expect(sent).toEqual(['a1', 'a3', 'b1']);
    expect(conn.hasPending).toBe(false);
    conn.dispose();
    expect(raw.listenerCount('drain')).toBe(0);
  });

  it('cuts a client whose answers pile up past the hard limit', () => {
    const { ws, raw } = fakeSocket();
    const conn = new LiveConnection(
      ws as unknown as WebSocket,
      '1.2.3.4',
      raw as unknown as Socket,
      limits,
    );
    ws.bufferedAmount = 6_000;
    conn.send('x');
    expect(ws.readyState).toBe(3);
  });

  it('allows a burst, then the refill rate', () => {
    const { ws } = fakeSocket();
    const conn = new LiveConnection(ws as unknown as WebSocket, '1.2.3.4', null, limits);
    const t0 = Date.now();
    expect([1, 2, 3, 4].map(() => conn.take(t0))).toEqual([true, true, true, false]);
    expect(conn.take(t0 + 1_000)).toBe(true);
    expect(conn.take(t0 + 1_100)).toBe(false);
  });
});
