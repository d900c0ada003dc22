// A member's picture is uploaded, never typed as an address: the bytes decide the type and lose
// their camera data, by the same rules as a chat picture (services/content/picture-upload.ts).
import { CHAT_IMAGE_MAX_BYTES } from '@kaijiang/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Buckets } from '../chat/buckets.ts';
import { storePicture } from '../content/picture-upload.ts';

/** Avatars live under DATA_DIR/uploads/avatar/<yyyymm>/ with generated names. */
export const AVATAR_UPLOAD_DIR = 'avatar';
/** Uploads per member: a burst of 3, then one a minute (as chat pictures). */
const perMember = new Buckets(3, 60_000);

/** Checks, cleans and stores a member's picture; answers its path under /sys-upload/. */
export async function storeAvatar(
  app: FastifyInstance,
  request: FastifyRequest,
  memberId: number,
): Promise<string> {
  const stored = await storePicture(app.uploadsDir, request, {
    dir: AVATAR_UPLOAD_DIR,
    maxBytes: CHAT_IMAGE_MAX_BYTES,
    throttle: { buckets: perMember, key: `m:${memberId}`, message: '换头像太频繁，请稍后再试' },
    field: 'avatar',
  });
  request.log.info({ memberId, size: stored.size }, 'avatar stored');
  return stored.path;
}
