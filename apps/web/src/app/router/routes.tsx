import { redirect, type RouteObject } from 'react-router';
import { DEFAULT_GAME_ID, paths } from '@/shared/config/paths';
import { AppLayout } from '../layout/app-layout';
import { RouteError } from '../layout/route-error';
import { forMember, requireSignIn } from './guard';
import type { RouteHandle } from './route-handle';
import { screen, type LoaderStore } from './screen';
import { startup } from '../store/startup';

/** Renders nothing: the start-up loader of index.html stays over the page meanwhile. */
const BootCover = () => null;

const tab = (title: RouteHandle['title']): RouteHandle => ({ title, transition: 'none' });
const page = (title: RouteHandle['title']): RouteHandle => ({
  title,
  transition: 'default',
  back: true,
});
const member = (title: RouteHandle['title']): RouteHandle => ({
  ...page(title),
  requiresAuth: true,
  // Per member: the server, which renders for nobody, would only redirect to sign-in.
  serverRender: false,
});
const sheet = (title: RouteHandle['title']): RouteHandle => ({
  title,
  transition: 'overlay-back',
  back: true,
  bare: true,
});

/**
 * Screens where the visitor types are not rendered on the server: what is typed into server markup
 * before the app has started would be replaced when it starts.
 */
const typed = (handle: RouteHandle): RouteHandle => ({ ...handle, serverRender: false });

/** Screens that differ per member: the server renders for nobody, so the browser renders them. */
const personal = (handle: RouteHandle): RouteHandle => ({ ...handle, serverRender: false });

/**
 * The route table of spec §2. Each screen is its own chunk under app/routes/, and its route id is
 * that module's name: the server links a server-rendered screen's chunk and styles by it.
 */
/** `onServer`: the server renders with the screens' loaders, awaited (entry-server.tsx). */
export function createRoutes(store: LoaderStore, { onServer = false } = {}): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppLayout />,
      // The site's data every screen may read (spec §4), before the first screen.
      loader: async () => {
        await startup(store.dispatch);
        return null;
      },
      // Not again when only the query string changes (a chart's kind, a page of history): the
      // start-up data does not depend on it, and the new address would wait for the loader.
      shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
        currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate,
      errorElement: <RouteError />,
      // The start-up loader in index.html covers the screen until the first route has loaded.
      HydrateFallback: BootCover,
      children: [
        { index: true, element: null, loader: () => redirect(paths.game.href(DEFAULT_GAME_ID)) },
        { path: paths.auth.path, element: null, loader: () => redirect(paths.login.href()) },
        {
          path: paths.loginShort.path,
          element: null,
          loader: ({ request }) => redirect(paths.login.href() + new URL(request.url).search),
        },
        {
          path: paths.registerShort.path,
          element: null,
          loader: ({ request }) => redirect(paths.register.href() + new URL(request.url).search),
        },
        {
          path: paths.login.path,
          handle: typed(sheet('title.login')),
          id: 'login',
          lazy: screen(store, () => import('../routes/login'), onServer),
        },
        {
          path: paths.register.path,
          handle: typed(sheet('title.register')),
          id: 'register',
          lazy: screen(store, () => import('../routes/register'), onServer),
        },
        {
          path: paths.game.path,
          handle: { ...tab('title.home'), query: ['issue'] },
          id: 'game',
          // A past draw the address names comes with the screen's first render (game.tsx).
          lazy: screen(
            store,
            () =>
              import('../routes/game').then(async (m) => {
                if (!onServer) await m.prepare(window.location.search);
                return m;
              }),
            onServer,
          ),
        },
        {
          path: paths.news.path,
          handle: { ...tab('title.news'), query: ['category'] },
          id: 'news',
          lazy: screen(store, () => import('../routes/news'), onServer),
        },
        {
          path: paths.newsDetail.path,
          handle: page('title.newsDetail'),
          id: 'news-detail',
          lazy: screen(store, () => import('../routes/news-detail'), onServer),
        },
        {
          path: paths.live.path,
          handle: tab('title.live'),
          id: 'live',
          lazy: screen(store, () => import('../routes/live'), onServer),
        },
        {
          path: paths.lotteryResult.path,
          handle: tab('title.lotteryResult'),
          id: 'lottery-result',
          lazy: screen(store, () => import('../routes/lottery-result'), onServer),
        },
        {
          path: paths.lotteryHistory.path,
          handle: { ...page('title.lotteryHistory'), query: ['game', 'year', 'month', 'tab'] },
          id: 'lottery-history',
          lazy: screen(store, () => import('../routes/lottery-history'), onServer),
        },
        {
          path: paths.lotteryTrend.path,
          handle: { ...page('title.lotteryTrend'), query: ['kind', 'range', 'misses'] },
          id: 'lottery-trend',
          lazy: screen(store, () => import('../routes/lottery-trend'), onServer),
        },
        {
          path: paths.instructApi.path,
          handle: typed(page('title.instructApi')),
          id: 'instruct-api',
          lazy: screen(store, () => import('../routes/instruct-api'), onServer),
        },
        {
          path: paths.contact.path,
          handle: page('title.contact'),
          id: 'contact',
          lazy: screen(store, () => import('../routes/contact'), onServer),
        },
        {
          path: paths.teamCondition.path,
          handle: page('title.teamCondition'),
          id: 'team-condition',
          lazy: screen(store, () => import('../routes/team-condition'), onServer),
        },
        {
          path: paths.aboutUs.path,
          handle: page('title.aboutUs'),
          id: 'about-us',
          lazy: screen(store, () => import('../routes/about-us'), onServer),
        },
        {
          path: paths.askQuestion.path,
          handle: typed(page('title.askQuestion')),
          id: 'ask-question',
          lazy: screen(store, () => import('../routes/ask-question'), onServer),
        },
        {
          path: paths.disclaimer.path,
          handle: page('title.disclaimer'),
          id: 'disclaimer',
          lazy: screen(store, () => import('../routes/disclaimer'), onServer),
        },
        {
          path: paths.myMessage.path,
          handle: personal(page('title.myMessage')),
          loader: forMember(store, () => import('../routes/my-message')),
          id: 'my-message',
          lazy: screen(store, () => import('../routes/my-message'), onServer),
        },
        {
          path: paths.profile.path,
          handle: personal(page('title.profile')),
          loader: forMember(store, () => import('../routes/profile')),
          id: 'profile',
          lazy: screen(store, () => import('../routes/profile'), onServer),
        },
        {
          path: paths.setting.path,
          handle: typed(page('title.setting')),
          id: 'setting',
          lazy: screen(store, () => import('../routes/setting'), onServer),
        },
        {
          path: paths.gameInfo.path,
          handle: { ...page('title.gameInfo'), query: ['year'] },
          id: 'game-info',
          lazy: screen(store, () => import('../routes/game-info'), onServer),
        },
        {
          // The picture library's four screens share one route module and chunk
          // (features/gallery/components/gallery-pages.tsx): the children name the screens.
          path: paths.gallery.path,
          id: 'gallery',
          lazy: screen(store, () => import('../routes/gallery'), onServer),
          children: [
            { index: true, handle: { ...page('title.gallery'), query: ['game', 'q'] } },
            { path: paths.gallerySeries.path, handle: page('title.gallery') },
            {
              path: paths.galleryIssue.path,
              handle: { ...page('title.galleryDetail'), query: ['v'] },
            },
            { path: paths.galleryYear.path, handle: page('title.galleryDetail') },
          ],
        },
        // The old one-series gallery's pictures (issue 45 replaced it with named series).
        {
          path: paths.galleryDetail.path,
          element: null,
          loader: () => redirect(paths.gallery.href()),
        },
        {
          path: paths.changePassword.path,
          handle: typed(member('title.changePassword')),
          loader: requireSignIn(store, () => import('../routes/change-password')),
          id: 'change-password',
          lazy: screen(store, () => import('../routes/change-password'), onServer),
        },
        {
          path: paths.userInformation.path,
          handle: typed(member('title.userInformation')),
          loader: requireSignIn(store, () => import('../routes/user-information')),
          id: 'user-information',
          lazy: screen(store, () => import('../routes/user-information'), onServer),
        },
        {
          path: paths.collection.path,
          handle: member('title.collection'),
          loader: requireSignIn(store, () => import('../routes/collection')),
          id: 'collection',
          lazy: screen(store, () => import('../routes/collection'), onServer),
        },
        {
          path: paths.moreAction.path,
          children: [
            {
              index: true,
              handle: tab('title.moreAction'),
              id: 'more-action',
              lazy: screen(store, () => import('../routes/more-action'), onServer),
            },
            {
              path: 'tool-assistant',
              handle: typed(page('title.toolAssistant')),
              id: 'tool-assistant',
              lazy: screen(store, () => import('../routes/tool-assistant'), onServer),
            },
          ],
        },
        {
          path: '*',
          handle: {
            title: 'title.notFound',
            transition: 'default',
            back: true,
          } satisfies RouteHandle,
          id: 'not-found',
          lazy: screen(store, () => import('../routes/not-found'), onServer),
        },
      ],
    },
  ];
}
