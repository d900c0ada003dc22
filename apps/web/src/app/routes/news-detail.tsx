export { NewsDetailScreen as Component } from '@/features/content/components/news-detail-screen';
