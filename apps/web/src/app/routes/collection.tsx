import { loadCollections } from '@/features/member/api/loaders';
import type { MemberLoader } from '../router/guard';

export { CollectionScreen as Component } from '@/features/member/components/collection-screen';

export const loadMember: MemberLoader = loadCollections;
