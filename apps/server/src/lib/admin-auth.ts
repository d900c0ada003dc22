import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from './errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * onRequest hook of operator routes: `Authorization: Bearer ADMIN_TOKEN`. Without a configured
 * token the routes answer 404 as if they did not exist. A header token cannot be forged
 * cross-site, so these routes skip the anti-forgery check.
 */
export function adminGuard(token: string | null) {
  const expected = token ? digest(token) : null;
  return async (request: FastifyRequest): Promise<void> => {
    if (!expected) throw notFound();
    const given = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!given) throw new AppError(401, 'UC/UNAUTHORIZED', '需要管理员令牌');
    // Hashing first gives equal lengths, so the comparison time says nothing about the token.
    if (!timingSafeEqual(digest(given), expected)) {
      throw new AppError(403, 'REQ/FORBIDDEN', '管理员令牌无效');
    }
  };
}
