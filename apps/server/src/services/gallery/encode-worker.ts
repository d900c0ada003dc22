// The picture library's re-encoding thread (services/gallery/encoder.ts): decoding and resizing a photo
// is hundreds of milliseconds of JavaScript, which on the server's thread would hold every
// visitor's request behind it. Each picture becomes three JPEGs: thumb, phone and desktop.
import { parentPort } from 'node:worker_threads';
import { Jimp } from 'jimp';

export const SIZES = { thumb: 360, phone: 800, desktop: 1600 } as const;

export interface EncodeRequest {
  id: number;
  bytes: Uint8Array;
}
export type EncodeAnswer =
  | {
      id: number;
      ok: true;
      width: number;
      height: number;
      files: Record<keyof typeof SIZES, Uint8Array>;
    }
  | { id: number; ok: false; error: string };

async function encode(bytes: Uint8Array) {
  const source = await Jimp.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  // Transparent parts of a PNG or GIF on white: JPEG has no transparency.
  const flat = new Jimp({ width: source.width, height: source.height, color: 0xffffffff });
  flat.composite(source, 0, 0);
  const files = {} as Record<keyof typeof SIZES, Uint8Array>;
  let width = flat.width;
  let height = flat.height;
  for (const [name, w] of Object.entries(SIZES) as [keyof typeof SIZES, number][]) {
    const img = flat.clone();
    if (img.width > w) img.resize({ w });
    if (name === 'desktop') ({ width, height } = img);
    files[name] = new Uint8Array(await img.getBuffer('image/jpeg', { quality: 82 }));
  }
  return { width, height, files };
}

parentPort?.on('message', (req: EncodeRequest) => {
  encode(req.bytes).then(
    (r) => {
      const answer: EncodeAnswer = { id: req.id, ok: true, ...r };
      parentPort!.postMessage(
        answer,
        Object.values(r.files).map((f) => f.buffer as ArrayBuffer),
      );
    },
    (err: unknown) => {
      const answer: EncodeAnswer = { id: req.id, ok: false, error: String(err) };
      parentPort!.postMessage(answer);
    },
  );
});
