export { LotteryHistoryScreen as Component } from '@/features/history/components/lottery-history-screen';
