export { TeamConditionScreen as Component } from '@/features/content/components/team-condition-screen';
export { loadTeamConditions as loader } from '@/features/content/api/loaders';
