import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CHAT_IMAGE_MAX_BYTES } from '@kaijiang/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_EXT } from '../content/image-type.ts';
import { AppError } from '../lib/errors.ts';
import { Buckets } from './buckets.ts';
import type { ChatIdentity } from './service.ts';
import { cleanPicture } from './image-strip.ts';

/** Chat pictures live under DATA_DIR/uploads/chat/<yyyymm>/ with generated names. */
export const CHAT_UPLOAD_DIR = 'chat';
/** Pictures per member: a burst of 3, then one a minute. */
const perMember = new Buckets(3, 60_000);

const refuse = (msg: string, status = 400) =>
  new AppError(status, 'REQ/INVALID', msg, { file: msg });

/**
 * Checks a member's picture by its bytes (PNG, JPEG, WebP, GIF; never SVG in the chat), strips
 * its metadata and stores it under a generated name: `{ path }` for a say frame.
 */
export async function storeChatImage(
  app: FastifyInstance,
  request: FastifyRequest,
  who: ChatIdentity,
): Promise<{ path: string }> {
  if (!request.isMultipart()) throw refuse('请以 multipart/form-data 上传图片');
  const wait = perMember.take(`m:${who.memberId}`, Date.now());
  if (wait > 0)
    throw new AppError(429, 'REQ/RATE_LIMITED', '发图太快，请稍后再试', null, {
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
  if (!buf || buf.length === 0) throw refuse('没有收到文件');
  let picture: ReturnType<typeof cleanPicture>;
  try {
    picture = cleanPicture(buf);
  } catch {
    throw refuse('图片文件已损坏');
  }
  if (!picture) throw refuse('只支持 PNG、JPEG、WebP 或 GIF 图片');
  const { kind, bytes: clean } = picture;
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(12).toString('hex')}.${IMAGE_EXT[kind]}`;
  const dir = path.join(app.uploadsDir, CHAT_UPLOAD_DIR, month);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), clean, { flag: 'wx' });
  request.log.info({ memberId: who.memberId, size: clean.length }, 'chat image stored');
  return { path: `/sys-upload/${CHAT_UPLOAD_DIR}/${month}/${name}` };
}
