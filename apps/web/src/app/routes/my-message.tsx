export { MyMessageScreen as Component } from '@/features/member/components/my-message-screen';
