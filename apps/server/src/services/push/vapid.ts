import webpush from 'web-push';
import type { PushConfig } from '../../config.ts';
import type { MetaRepository } from '../../repositories/meta-repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The configured key pair, else one generated on first start and kept in the database like the
 * anti-forgery secret: every instance signs with the same key, and subscriptions made against
 * it keep working across restarts (a new key would orphan every subscription).
 */
export async function loadVapidKeys(config: PushConfig, meta: MetaRepository): Promise<VapidKeys> {
  if (config.vapid) return config.vapid;
  const stored = await meta.getOrInsert('push.vapid', JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}
