export { GalleryScreen as Component } from '@/features/content/components/gallery-screen';
