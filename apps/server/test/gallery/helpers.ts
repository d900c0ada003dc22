// Shared by the picture library's tests: the operator's token and multipart bodies of files.
import type { FastifyInstance } from 'fastify';
import { encodePng } from '../../src/services/seed/demo-images.ts';

export const TOKEN = 'O8-ca94curW7K21DV_CT-RCKCpkRwSTh5dofyzos';
export const auth = { authorization: `Bearer ${TOKEN}` };
export const ADMIN = '/app-api/admin/gallery';
export const V2 = '/app-api/api/v2/gallery';

/** A multipart body of file parts, as a browser sends a folder's files. */
export function multipart(files: { name: string; bytes: Uint8Array }[]) {
  const boundary = '----kjgallery' + Math.random().toString(16).slice(2);
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(f.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real, small picture (a gradient) that decodes. */
export const png = (w = 64, h = 48, tint = 0) =>
  encodePng(w, h, (x, y) => [(x * 4 + tint) % 256, (y * 5) % 256, 120]);

/** A PNG whose header declares 60 000 × 60 000 pixels (3.6 gigapixels) in a few bytes. */
export function hugePng(): Buffer {
  const b = Buffer.from(png(1, 1));
  b.writeUInt32BE(60_000, 16);
  b.writeUInt32BE(60_000, 20);
  return b;
}

export async function createSeries(
  app: FastifyInstance,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: `${ADMIN}/series`,
    headers: auth,
    payload: { gameId: 110, modes: 'both', ...body },
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json().data.id as number;
}

/** Previews and saves files into a series; answers the preview. */
export async function upload(
  app: FastifyInstance,
  seriesId: number,
  files: { name: string; bytes: Uint8Array }[],
) {
  const preview = await app.inject({
    method: 'POST',
    url: `${ADMIN}/series/${seriesId}/uploads`,
    ...multipart(files),
  });
  if (preview.statusCode !== 200) throw new Error(`preview failed: ${preview.body}`);
  const data = preview.json().data;
  const saved = await app.inject({
    method: 'POST',
    url: `${ADMIN}/series/${seriesId}/uploads/${data.token}`,
    headers: auth,
  });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.body}`);
  return { preview: data, saved: saved.json().data };
}
