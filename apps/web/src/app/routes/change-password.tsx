import { loadProfile } from '@/features/auth/api/loaders';
import type { MemberLoader } from '../router/guard';

export { ChangePasswordScreen as Component } from '@/features/auth/components/change-password-screen';

/** Whether a withdrawal password exists decides whether its form asks for the old one. */
export const loadMember: MemberLoader = loadProfile;
