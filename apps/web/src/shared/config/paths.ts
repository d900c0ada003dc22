/**
 * Every route of the site (spec §2). `path` is the router pattern; `href()` builds a link, so a
 * renamed route breaks the build instead of a link.
 */
const withRedirect = (base: string, redirect?: string) =>
  redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base;

export const DEFAULT_GAME_ID = 110;

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
  gallery: { path: '/gallery', href: () => '/gallery' },
  galleryDetail: {
    path: '/gallery-detail/:gameId/:id',
    href: (gameId: number | string, id: number | string) =>
      `/gallery-detail/${encodeURIComponent(String(gameId))}/${encodeURIComponent(String(id))}`,
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
