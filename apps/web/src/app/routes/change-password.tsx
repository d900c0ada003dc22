export { ChangePasswordScreen as Component } from '@/features/auth/components/change-password-screen';
