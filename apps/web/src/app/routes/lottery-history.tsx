export { LotteryHistoryScreen as Component } from '@/features/history/components/lottery-history-screen';
export { loadHistory as loader } from '@/features/history/api/loaders';
