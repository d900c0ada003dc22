export { GalleryDetailScreen as Component } from '@/features/content/components/gallery-detail-screen';
