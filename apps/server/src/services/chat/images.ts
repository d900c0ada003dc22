import { CHAT_IMAGE_MAX_BYTES } from '@kaijiang/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { storePicture } from '../content/picture-upload.ts';
import { Buckets } from './buckets.ts';
import type { ChatIdentity } from './service.ts';

/** Chat pictures live under DATA_DIR/uploads/chat/<yyyymm>/ with generated names. */
export const CHAT_UPLOAD_DIR = 'chat';
/** Pictures per member: a burst of 3, then one a minute. */
const perMember = new Buckets(3, 60_000);

/**
 * Checks a member's picture by its bytes (PNG, JPEG, WebP, GIF; never SVG in the chat), strips
 * its metadata and stores it under a generated name (services/content/picture-upload.ts): `{ path }` for
 * a say frame.
 */
export async function storeChatImage(
  app: FastifyInstance,
  request: FastifyRequest,
  who: ChatIdentity,
): Promise<{ path: string }> {
  const stored = await storePicture(app.uploadsDir, request, {
    dir: CHAT_UPLOAD_DIR,
    maxBytes: CHAT_IMAGE_MAX_BYTES,
    throttle: { buckets: perMember, key: `m:${who.memberId}`, message: '发图太快，请稍后再试' },
    field: 'file',
  });
  request.log.info({ memberId: who.memberId, size: stored.size }, 'chat image stored');
  return { path: stored.path };
}
