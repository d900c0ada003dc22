// A member's picture is uploaded, never typed as an address: the bytes decide the type and lose
// their camera data, by the same rules as a chat picture (chat/images.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CHAT_IMAGE_MAX_BYTES } from '@kaijiang/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Buckets } from '../chat/buckets.ts';
import { stripImage } from '../chat/image-strip.ts';
import { detectImage, IMAGE_EXT } from '../content/image-type.ts';
import { AppError } from '../lib/errors.ts';

/** Avatars live under DATA_DIR/uploads/avatar/<yyyymm>/ with generated names. */
export const AVATAR_UPLOAD_DIR = 'avatar';
/** Uploads per member: a burst of 3, then one a minute (as chat pictures). */
const perMember = new Buckets(3, 60_000);

const refuse = (msg: string, status = 400) =>
  new AppError(status, 'REQ/INVALID', msg, { avatar: msg });

/** Checks, cleans and stores a member's picture; answers its path under /sys-upload/. */
export async function storeAvatar(
  app: FastifyInstance,
  request: FastifyRequest,
  memberId: number,
): Promise<string> {
  if (!request.isMultipart()) throw refuse('请以 multipart/form-data 上传图片');
  const wait = perMember.take(`m:${memberId}`, Date.now());
  if (wait > 0)
    throw new AppError(429, 'REQ/RATE_LIMITED', '换头像太频繁，请稍后再试', null, {
      'retry-after': String(Math.ceil(wait / 1000)),
    });
  let buf: Buffer | null = null;
  try {
    const part = await request.file({
      limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    if (part) buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw refuse('图片不能超过 2 MB', 413);
    throw refuse('上传格式有误');
  }
  if (!buf || buf.length === 0) throw refuse('没有收到图片');
  const kind = detectImage(buf);
  if (!kind || kind === 'svg') throw refuse('只支持 PNG、JPEG、WebP 或 GIF 图片');
  let clean: Buffer;
  try {
    clean = stripImage(kind, buf);
  } catch {
    throw refuse('图片文件已损坏');
  }
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(12).toString('hex')}.${IMAGE_EXT[kind]}`;
  const dir = path.join(app.uploadsDir, AVATAR_UPLOAD_DIR, month);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), clean, { flag: 'wx' });
  request.log.info({ memberId, size: clean.length }, 'avatar stored');
  return `/sys-upload/${AVATAR_UPLOAD_DIR}/${month}/${name}`;
}
