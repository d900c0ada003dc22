export { GalleryScreen as Component } from '@/features/gallery/components/gallery-screen';
export { loadSeriesGrid as loader } from '@/features/gallery/api/loaders';
