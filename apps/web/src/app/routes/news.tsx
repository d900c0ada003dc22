export { NewsScreen as Component } from '@/features/content/components/news-screen';
