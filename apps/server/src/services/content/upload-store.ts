import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../lib/errors.ts';
import { IMAGE_EXT, IMAGE_MIME, detectImage, unsafeSvgReason } from './image-type.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Uploaded files live here under DATA_DIR/uploads; their names never repeat, so they never change. */
export const CONTENT_UPLOAD_DIR = 'content';

export interface StoredUpload {
  /** Rooted path to use in content, e.g. /sys-upload/content/202603/ab12….png */
  path: string;
  contentType: string;
  size: number;
}

const refuse = (msg: string) => new AppError(400, 'REQ/INVALID', msg, { file: msg });

/**
 * Checks an uploaded image by its bytes and stores it under a generated name. The visitor's
 * file name is never used: it cannot choose where the file goes or what it is served as.
 */
export async function storeImage(uploadsDir: string, buf: Buffer): Promise<StoredUpload> {
  if (buf.length === 0) throw refuse('文件为空');
  if (buf.length > UPLOAD_MAX_BYTES) throw refuse('图片不能超过 5 MB');
  const kind = detectImage(buf);
  if (!kind) throw refuse('只支持 PNG、JPEG、WebP、GIF 或 SVG 图片');
  if (kind === 'svg' && unsafeSvgReason(buf)) {
    throw refuse('SVG 含有脚本、外部引用或其他不安全内容');
  }
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(12).toString('hex')}.${IMAGE_EXT[kind]}`;
  const dir = path.join(uploadsDir, CONTENT_UPLOAD_DIR, month);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), buf, { flag: 'wx' });
  return {
    path: `/sys-upload/${CONTENT_UPLOAD_DIR}/${month}/${name}`,
    contentType: IMAGE_MIME[kind],
    size: buf.length,
  };
}
