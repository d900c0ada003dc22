import type {
  GalleryComment,
  GalleryImage,
  SeriesCard,
  SeriesDetail,
  SeriesIssue,
  SeriesIssueCard,
  SeriesPage,
} from '@kaijiang/domain';

// Answers of the picture library's calls, typed by the contract
// (packages/domain/src/wire/gallery-series.ts), for the gallery screens' tests and screenshots.

export const image = (name: string, width = 600, height = 800): GalleryImage => ({
  thumb: `demo/gallery/${name}-360.jpg`,
  phone: `demo/gallery/${name}-800.jpg`,
  desktop: `demo/gallery/${name}-1600.jpg`,
  width,
  height,
});

export const seriesCard = (
  id: number,
  name: string,
  initials: string,
  over: Partial<SeriesCard> = {},
): SeriesCard => ({
  id,
  gameId: 110,
  name,
  initials,
  modes: 'both',
  cover: image(`s${id}`),
  latestIssue: '2026123',
  updatedAt: '2026-05-03T13:40:00.000Z',
  isNew: false,
  views: 1000 - id,
  likes: 10,
  issueCount: 120,
  ...over,
});

export const SERIES: SeriesCard[] = [
  seriesCard(1, '马会传真', 'mhcz', { isNew: true, views: 9800 }),
  seriesCard(2, '跑狗图', 'pgt', { views: 8700 }),
  seriesCard(3, '黄大仙', 'hdx', { views: 6100, modes: 'colour' }),
  seriesCard(4, '四不像', 'sbx', { views: 5000 }),
];

export const seriesPage = (items: SeriesCard[], total = items.length, page = 1): SeriesPage => ({
  items,
  page,
  pageSize: 24,
  total,
});

export const seriesDetail = (card: SeriesCard, years = [2026, 2025]): SeriesDetail => ({
  ...card,
  years,
});

export const issueCard = (issue: string, over: Partial<SeriesIssueCard> = {}): SeriesIssueCard => ({
  issue,
  colour: image(`c${issue}`),
  mono: image(`m${issue}`),
  publishedAt: '2026-05-03T13:40:00.000Z',
  likes: 3,
  comments: 1,
  ...over,
});

/** Issue `n` of 2026 of series 1, with neighbours n - 1 and n + 1 within 1…last. */
export function seriesIssue(n: number, last = 123, over: Partial<SeriesIssue> = {}): SeriesIssue {
  const issue = `2026${String(n).padStart(3, '0')}`;
  const near = (k: number) => (k >= 1 && k <= last ? `2026${String(k).padStart(3, '0')}` : null);
  return {
    series: SERIES[0]!,
    issue,
    publishedAt: '2026-05-03T13:40:00.000Z',
    pictures: [
      { variant: 'colour', position: 0, image: image(`c${issue}`), caption: '' },
      { variant: 'mono', position: 0, image: image(`m${issue}`), caption: '' },
    ],
    prev: near(n - 1),
    next: near(n + 1),
    result: ['01', '12', '23', '34', '45', '46', '07'],
    likes: 5,
    liked: false,
    comments: 1,
    ...over,
  };
}

export const comment = (id: number, text: string): GalleryComment => ({
  id,
  nickname: `彩民${id}`,
  avatar: '',
  text,
  createdAt: '2026-05-03T14:00:00.000Z',
});
