export { ProfileScreen as Component } from '@/features/member/components/profile-screen';
