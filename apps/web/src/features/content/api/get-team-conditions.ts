import type { TeamCondition } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

export function getTeamConditions(signal?: AbortSignal): Promise<TeamCondition[]> {
  return getPublic<TeamCondition[]>('/team-conditions', {}, { signal });
}
