export { LotteryResultScreen as Component } from '@/features/lottery/components/lottery-result-screen';
