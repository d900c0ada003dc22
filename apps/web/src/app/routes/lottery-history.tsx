export { LotteryHistoryScreen as Component } from '@/features/lottery/components/lottery-history-screen';
