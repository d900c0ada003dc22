import { loadProfile } from '@/features/auth/api/loaders';
import type { MemberLoader } from '../router/guard';

export { UserInformationScreen as Component } from '@/features/auth/components/user-information-screen';

export const loadMember: MemberLoader = loadProfile;
