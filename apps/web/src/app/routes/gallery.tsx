export { GalleryScreen as Component } from '@/features/content/components/gallery-screen';
export { loadGallery as loader } from '@/features/content/api/loaders';
