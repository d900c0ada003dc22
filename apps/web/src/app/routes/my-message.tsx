import { loadMessages } from '@/features/member/api/loaders';
import type { MemberLoader } from '../router/guard';

export { MyMessageScreen as Component } from '@/features/member/components/my-message-screen';

export const loadMember: MemberLoader = loadMessages;
