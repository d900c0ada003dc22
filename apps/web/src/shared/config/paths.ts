/**
 * Every route of the site (spec §2). `path` is the router pattern; `href()` builds a link, so a
 * renamed route breaks the build instead of a link.
 */
const withRedirect = (base: string, redirect?: string) =>
  redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;

export const DEFAULT_GAME_ID = 110;

const part = (v: number | string) => encodeURIComponent(String(v));

export const paths = {
  root: { path: '/', href: () => '/' },
  auth: { path: '/auth', href: () => '/auth' },
  login: {
    path: '/auth/login',
    href: (redirect?: string) => withRedirect('/auth/login', redirect),
  },
  register: {
    path: '/auth/register',
    href: (redirect?: string) => withRedirect('/auth/register', redirect),
  },
  game: {
    path: '/game/:id',
    /** With `issue`, the screen shows that past draw too (features/lottery issue-draw.tsx). */
    href: (id: number | string = DEFAULT_GAME_ID, issue?: string) =>
      `/game/${encodeURIComponent(String(id))}${issue ? `?issue=${encodeURIComponent(issue)}` : ''}`,
  },
  news: { path: '/news', href: () => '/news' },
  newsDetail: {
    path: '/news-detail/:newsId',
    href: (newsId: number | string) => `/news-detail/${encodeURIComponent(String(newsId))}`,
  },
  live: { path: '/live', href: () => '/live' },
  lotteryResult: { path: '/lottery-result', href: () => '/lottery-result' },
  lotteryHistory: { path: '/lottery-history', href: () => '/lottery-history' },
  lotteryTrend: {
    path: '/lottery-trend/:gameId',
    href: (gameId: number | string = DEFAULT_GAME_ID) =>
      `/lottery-trend/${encodeURIComponent(String(gameId))}`,
  },
  instructApi: { path: '/instruct-api', href: () => '/instruct-api' },
  contact: { path: '/contact', href: () => '/contact' },
  teamCondition: { path: '/team-condition', href: () => '/team-condition' },
  aboutUs: { path: '/about-us', href: () => '/about-us' },
  askQuestion: { path: '/ask-question', href: () => '/ask-question' },
  disclaimer: { path: '/disclaimer', href: () => '/disclaimer' },
  myMessage: { path: '/my-message', href: () => '/my-message' },
  profile: { path: '/profile', href: () => '/profile' },
  setting: { path: '/setting', href: () => '/setting' },
  gameInfo: { path: '/game-info', href: () => '/game-info' },
  /** `fav`: the 收藏 tab, the favourite series (a member's, or this device's). */
  gallery: { path: '/gallery', href: (tab?: 'fav') => (tab ? `/gallery?game=${tab}` : '/gallery') },
  /** The picture library's named series (issue 45): its issues, newest first. */
  gallerySeries: {
    path: '/gallery/:gameId/:seriesId',
    href: (gameId: number | string, seriesId: number | string) =>
      `/gallery/${part(gameId)}/${part(seriesId)}`,
  },
  galleryIssue: {
    path: '/gallery/:gameId/:seriesId/:issue',
    href: (gameId: number | string, seriesId: number | string, issue: string) =>
      `/gallery/${part(gameId)}/${part(seriesId)}/${part(issue)}`,
  },
  galleryYear: {
    path: '/gallery/:gameId/:seriesId/year/:year',
    href: (gameId: number | string, seriesId: number | string, year: number | string) =>
      `/gallery/${part(gameId)}/${part(seriesId)}/year/${part(year)}`,
  },
  /** The old one-series gallery's picture: the router moves it on to /gallery. */
  galleryDetail: {
    path: '/gallery-detail/:gameId/:id',
    href: (gameId: number | string, id: number | string) =>
      `/gallery-detail/${part(gameId)}/${part(id)}`,
  },
  changePassword: { path: '/change-password', href: () => '/change-password' },
  userInformation: { path: '/user-information', href: () => '/user-information' },
  collection: { path: '/collection', href: () => '/collection' },
  moreAction: { path: '/more-action', href: () => '/more-action' },
  toolAssistant: { path: '/more-action/tool-assistant', href: () => '/more-action/tool-assistant' },
  // The addresses people type for sign-in and sign-up; both move on to the screens above.
  loginShort: { path: '/login', href: () => '/login' },
  registerShort: { path: '/register', href: () => '/register' },
} as const;

export type PathName = keyof typeof paths;
