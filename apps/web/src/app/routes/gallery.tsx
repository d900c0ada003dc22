export { GalleryPages as Component } from '@/features/gallery/components/gallery-pages';
export { loadGallery as loader } from '@/features/gallery/api/loaders';
