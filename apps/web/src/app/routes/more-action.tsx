export { MoreActionScreen as Component } from '@/features/more/components/more-action-screen';
