import { loadProfile } from '@/features/auth/api/loaders';
import type { MemberLoader } from '../router/guard';

export { ProfileScreen as Component } from '@/features/auth/components/profile-screen';

export const loadMember: MemberLoader = loadProfile;
