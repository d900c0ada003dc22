export { ProfileScreen as Component } from '@/features/auth/components/profile-screen';
