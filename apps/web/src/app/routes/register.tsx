export { RegisterScreen as Component } from '@/features/auth/components/register-screen';
