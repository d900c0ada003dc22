export { CollectionScreen as Component } from '@/features/member/components/collection-screen';
