export { LiveScreen as Component } from '@/features/lottery/components/live-screen';
