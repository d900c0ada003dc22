import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../../src/live/wire-frame.ts';

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
  it.each([0, 1, 125, 126, 300, 65_535, 65_536, 70_000])(
    'is read back by a WebSocket client as the same text (%i bytes)',
    async (size) => {
      const text = 'k'.repeat(size);
      const receiver = new Receiver({ isServer: false, maxPayload: 1 << 20 });
      const got = new Promise<{ data: string; binary: boolean }>((resolve, reject) => {
        receiver.on('message', (data, binary) => resolve({ data: data.toString(), binary }));
        receiver.on('error', reject);
      });
      const frame = textFrame(Buffer.from(text));
      receiver.write(frame.wire);
      expect(await got).toEqual({ data: text, binary: false });
      expect(frame.wire.length - size).toBe(size < 126 ? 2 : size < 65_536 ? 4 : 10);
    },
  );
});
