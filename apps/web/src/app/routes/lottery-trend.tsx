export { TrendScreen as Component } from '@/features/trend/components/trend-screen';
export { loadTrend as loader } from '@/features/trend/api/loaders';
