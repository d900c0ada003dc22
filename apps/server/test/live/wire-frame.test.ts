import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../src/services/live/wire-frame.ts';

// ws's own parser (not in its type definitions): what every Node client of ours reads with.
interface ReceiverLike {
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  write(chunk: Buffer): void;
}
const { Receiver } = ws as unknown as {
  Receiver: new (opts: { isServer: boolean; maxPayload: number }) => ReceiverLike;
};

describe('a frame made once for every socket', () => {
  it.each([
    ['k', 0],
    ['k', 1],
    ['k', 125],
    ['k', 126],
    ['k', 300],
    ['k', 65_535],
    ['k', 65_536],
    ['k', 70_000],
    // Counted in bytes, not characters: 42 three-byte characters make 126 bytes.
    ['开', 41],
    ['开', 42],
    ['开', 21_845],
    ['开', 21_846],
  ])('is read back by a WebSocket client as the same text (%s × %i)', async (char, count) => {
    const text = char.repeat(count);
    const size = Buffer.byteLength(text);
    const receiver = new Receiver({ isServer: false, maxPayload: 1 << 20 });
    const got = new Promise<{ data: string; binary: boolean }>((resolve, reject) => {
      receiver.on('message', (data, binary) => resolve({ data: data.toString(), binary }));
      receiver.on('error', reject);
    });
    const frame = textFrame(text);
    receiver.write(frame.wire);
    expect(await got).toEqual({ data: text, binary: false });
    expect(frame.wire.length - size).toBe(size < 126 ? 2 : size < 65_536 ? 4 : 10);
    expect(frame.payload.toString()).toBe(text);
  });
});
