import type { TeamCondition } from '@kaijiang/domain';
import type { Repositories } from '../../repositories/index.ts';
import type { TeamConditionInput } from '../../repositories/team-condition-repository.ts';
import { plainLine, plainText } from './sanitize.ts';

export function createTeamConditionService(repos: Repositories) {
  return {
    teamConditions: (): Promise<TeamCondition[]> => repos.teamConditions.list(),
    replaceTeamConditions(rows: TeamConditionInput[]): Promise<TeamCondition[]> {
      return repos.teamConditions.replace(
        rows.map((r) => ({
          tier: plainLine(r.tier),
          requirement: plainText(r.requirement),
          benefit: plainText(r.benefit),
        })),
      );
    },
  };
}
