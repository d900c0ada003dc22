export { UserInformationScreen as Component } from '@/features/member/components/user-information-screen';
