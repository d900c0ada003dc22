export { SeriesScreen as Component } from '@/features/gallery/components/series-screen';
export { loadSeries as loader } from '@/features/gallery/api/loaders';
