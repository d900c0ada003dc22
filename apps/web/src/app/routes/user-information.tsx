export { UserInformationScreen as Component } from '@/features/auth/components/user-information-screen';
