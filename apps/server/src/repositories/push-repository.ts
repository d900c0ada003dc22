import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface PushSubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

export interface StoredPushSubscription extends PushSubscriptionInput {
  id: number;
}

export interface PushJob {
  id: number;
  gameId: number;
  issue: string;
  /** JSON of the finished draw as the message needs it (see services/push/sender.ts). */
  draw: string;
  afterId: number;
  createdAt: string;
}

export interface PushRepository {
  /** Keeps the device's subscription following exactly these games (none: forgets the device). */
  save(sub: PushSubscriptionInput, games: readonly number[], now: string): Promise<void>;
  /** The games a device follows; undefined for a device we do not know. */
  gamesOf(endpoint: string): Promise<number[] | undefined>;
  count(): Promise<number>;
  /** Devices following a game with an id after `afterId`, in id order. */
  followers(gameId: number, afterId: number, limit: number): Promise<StoredPushSubscription[]>;
  /** A send went through: the run of failures ends. */
  delivered(id: number): Promise<void>;
  /** A send failed for good; the device is forgotten after `max` in a row. */
  failed(id: number, max: number): Promise<void>;
  /** The push service says the subscription is gone (404/410). */
  remove(id: number): Promise<void>;
  /** One job per draw: false when the draw has one already. */
  enqueue(job: { gameId: number; issue: string; draw: string }, now: string): Promise<boolean>;
  /** The oldest job not finished. */
  nextJob(): Promise<PushJob | undefined>;
  /** A batch of the job is done up to subscription `afterId`. */
  progress(
    jobId: number,
    afterId: number,
    counts: { sent: number; gone: number; failed: number },
  ): Promise<void>;
  finish(jobId: number, state: 'done' | 'expired', now: string): Promise<void>;
  job(
    gameId: number,
    issue: string,
  ): Promise<{ state: string; sent: number; gone: number; failed: number } | undefined>;
}

export function createPushRepository(db: Kysely<DB>): PushRepository {
  return {
    async save(sub, games, now) {
      await db.transaction().execute(async (trx) => {
        if (games.length === 0) {
          await trx.deleteFrom('push_subscriptions').where('endpoint', '=', sub.endpoint).execute();
          return;
        }
        const row = await trx
          .insertInto('push_subscriptions')
          .values({ ...sub, created_at: now, updated_at: now })
          .onConflict((oc) =>
            oc.column('endpoint').doUpdateSet({
              p256dh: sub.p256dh,
              auth: sub.auth,
              lang: sub.lang,
              failures: 0,
              updated_at: now,
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('push_topics').where('subscription_id', '=', row.id).execute();
        await trx
          .insertInto('push_topics')
          .values(games.map((game_id) => ({ game_id, subscription_id: row.id })))
          .execute();
      });
    },
    async gamesOf(endpoint) {
      const sub = await db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      if (!sub) return undefined;
      const rows = await db
        .selectFrom('push_topics')
        .select('game_id')
        .where('subscription_id', '=', sub.id)
        .orderBy('game_id')
        .execute();
      return rows.map((r) => r.game_id);
    },
    async count() {
      const r = await db
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async followers(gameId, afterId, limit) {
      return db
        .selectFrom('push_topics as t')
        .innerJoin('push_subscriptions as s', 's.id', 't.subscription_id')
        .select(['s.id', 's.endpoint', 's.p256dh', 's.auth', 's.lang'])
        .where('t.game_id', '=', gameId)
        .where('t.subscription_id', '>', afterId)
        .orderBy('t.subscription_id')
        .limit(limit)
        .execute();
    },
    async delivered(id) {
      await db
        .updateTable('push_subscriptions')
        .set({ failures: 0 })
        .where('id', '=', id)
        .where('failures', '>', 0)
        .execute();
    },
    async failed(id, max) {
      await db
        .updateTable('push_subscriptions')
        .set((eb) => ({ failures: eb('failures', '+', 1) }))
        .where('id', '=', id)
        .execute();
      await db
        .deleteFrom('push_subscriptions')
        .where('id', '=', id)
        .where('failures', '>=', max)
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
    },
    async enqueue(job, now) {
      const r = await db
        .insertInto('push_jobs')
        .values({
          game_id: job.gameId,
          issue: job.issue,
          draw: job.draw,
          state: 'pending',
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['game_id', 'issue']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async nextJob() {
      const r = await db
        .selectFrom('push_jobs')
        .select(['id', 'game_id', 'issue', 'draw', 'after_id', 'created_at'])
        .where('state', '=', 'pending')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return (
        r && {
          id: r.id,
          gameId: r.game_id,
          issue: r.issue,
          draw: r.draw,
          afterId: r.after_id,
          createdAt: r.created_at,
        }
      );
    },
    async progress(jobId, afterId, counts) {
      await db
        .updateTable('push_jobs')
        .set((eb) => ({
          after_id: afterId,
          sent: eb('sent', '+', counts.sent),
          gone: eb('gone', '+', counts.gone),
          failed: eb('failed', '+', counts.failed),
        }))
        .where('id', '=', jobId)
        .execute();
    },
    async finish(jobId, state, now) {
      await db
        .updateTable('push_jobs')
        .set({ state, done_at: now })
        .where('id', '=', jobId)
        .execute();
    },
    async job(gameId, issue) {
      return db
        .selectFrom('push_jobs')
        .select(['state', 'sent', 'gone', 'failed'])
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .executeTakeFirst();
    },
  };
}
