export { TeamConditionScreen as Component } from '@/features/content/components/team-condition-screen';
