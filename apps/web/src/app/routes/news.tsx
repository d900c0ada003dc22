export { NewsScreen as Component } from '@/features/content/components/news-screen';
export { loadNews as loader } from '@/features/content/api/loaders';
