// One way in for a picture a person uploads (a member's avatar, a chat picture; the content
// pictures can come the same way): the one file of a multipart form, read within a size, checked
// by its bytes, stripped of what does not draw it, stored under a generated name. The visitor's
// file name and type are never used.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Buckets } from '../chat/buckets.ts';
import { cleanPicture } from '../chat/image-strip.ts';
import { AppError } from '../../lib/errors.ts';
import { MultipartError, readMultipart, takeMultipart } from '../../lib/multipart.ts';
import { IMAGE_EXT } from './image-type.ts';

export interface PictureUpload {
  /** The folder under DATA_DIR/uploads (and /sys-upload/) the picture goes to. */
  dir: string;
  /** Its size limit in bytes (a larger file is a 413). */
  maxBytes: number;
  /** The form field the refusals name (the client shows them there). */
  field: string;
  /** A person's uploads are counted here (a 429 with that message when none is left). */
  throttle?: { buckets: Buckets; key: string; message: string };
}

/**
 * Reads, cleans and stores the picture of an upload request (PNG, JPEG, WebP or GIF; never
 * SVG); answers its path under /sys-upload/. Refusals are 400s (413 for size) naming `field`.
 */
export async function storePicture(
  uploadsDir: string,
  request: FastifyRequest,
  { dir, maxBytes, field, throttle }: PictureUpload,
): Promise<{ path: string; size: number }> {
  const refuse = (msg: string, status = 400) =>
    new AppError(status, 'REQ/INVALID', msg, { [field]: msg });
  // A request that is no upload at all costs the person none of their uploads.
  const body = takeMultipart(request);
  if (!body) throw refuse('请以 multipart/form-data 上传图片');
  if (throttle) {
    const wait = throttle.buckets.take(throttle.key, Date.now());
    if (wait > 0)
      throw new AppError(429, 'REQ/RATE_LIMITED', throttle.message, null, {
        'retry-after': String(Math.ceil(wait / 1000)),
      });
  }
  const buf = await readUpload(request, body, maxBytes, refuse);
  let picture: ReturnType<typeof cleanPicture>;
  try {
    picture = cleanPicture(buf);
  } catch {
    throw refuse('图片文件已损坏');
  }
  if (!picture) throw refuse('只支持 PNG、JPEG、WebP 或 GIF 图片');
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(12).toString('hex')}.${IMAGE_EXT[picture.kind]}`;
  const folder = path.join(uploadsDir, dir, month);
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, name), picture.bytes, { flag: 'wx' });
  return { path: `/sys-upload/${dir}/${month}/${name}`, size: picture.bytes.length };
}

/**
 * The bytes of the one file of an upload request (not empty, at most `maxBytes`), for a caller
 * that checks and stores them its own way; refusals name `field`.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  field: string,
): Promise<Buffer> {
  const refuse = (msg: string, status = 400) =>
    new AppError(status, 'REQ/INVALID', msg, { [field]: msg });
  const body = takeMultipart(request);
  if (!body) throw refuse('请以 multipart/form-data 上传图片');
  return readUpload(request, body, maxBytes, refuse);
}

async function readUpload(
  request: FastifyRequest,
  body: Readable,
  maxBytes: number,
  refuse: (msg: string, status?: number) => AppError,
): Promise<Buffer> {
  let file: Buffer | null;
  try {
    ({ file } = await readMultipart(request.headers, body, {
      fields: 2,
      fieldSize: 4 * 1024,
      fieldNameSize: 100,
      files: 1,
      fileSize: maxBytes,
      parts: 3,
    }));
  } catch (err) {
    if (!(err instanceof MultipartError)) throw err;
    if (err.reason === 'too-large')
      throw refuse(`图片不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`, 413);
    request.log.info({ err }, 'malformed upload');
    throw refuse('上传格式有误');
  }
  if (!file || file.length === 0) throw refuse('没有收到图片');
  return file;
}
