export { ChangePasswordScreen as Component } from '@/features/member/components/change-password-screen';
