export { YearScreen as Component } from '@/features/gallery/components/year-screen';
export { loadYear as loader } from '@/features/gallery/api/loaders';
