import type { TeamCondition } from '@kaijiang/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';

export type TeamConditionInput = Omit<TeamCondition, 'id'>;

/** The partner table is edited as a whole: the order of its rows is part of the content. */
export interface TeamConditionRepository {
  list(): Promise<TeamCondition[]>;
  replace(rows: TeamConditionInput[]): Promise<TeamCondition[]>;
}

export function createTeamConditionRepository(db: Kysely<DB>): TeamConditionRepository {
  const list = async () =>
    (
      await db
        .selectFrom('team_conditions')
        .select(['id', 'tier', 'requirement', 'benefit'])
        .orderBy('sort')
        .orderBy('id')
        .execute()
    ).map((r) => ({ id: r.id, tier: r.tier, requirement: r.requirement, benefit: r.benefit }));
  return {
    list,
    async replace(rows) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('team_conditions').execute();
        if (rows.length === 0) return;
        const now = nowIso();
        await tx
          .insertInto('team_conditions')
          .values(
            rows.map((r, sort) => ({
              tier: r.tier,
              requirement: r.requirement,
              benefit: r.benefit,
              sort,
              updated_at: now,
            })),
          )
          .execute();
      });
      return list();
    },
  };
}
