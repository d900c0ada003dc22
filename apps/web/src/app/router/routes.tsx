import { redirect, type RouteObject } from 'react-router';
import { DEFAULT_GAME_ID, paths } from '@/shared/config/paths';
import { AppLayout } from '../layout/app-layout';
import { RouteError } from '../layout/route-error';
import { forMember, requireSignIn } from './guard';
import type { RouteHandle } from './route-handle';
import { screen } from './screen';
import { startup } from '../store/startup';
import type { AppDispatch } from '@/shared/store/hooks';

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
export function createRoutes(store: { dispatch: AppDispatch }): RouteObject[] {
  const { dispatch } = store;
  return [
    {
      id: 'root',
      element: <AppLayout />,
      // The site's data every screen may read (spec §4), before the first screen.
      loader: async () => {
        await startup(dispatch);
        return null;
      },
      errorElement: <RouteError />,
      // The start-up loader in index.html covers the screen until the first route has loaded.
      HydrateFallback: BootCover,
      children: [
        { index: true, element: null, loader: () => redirect(paths.game.href(DEFAULT_GAME_ID)) },
        { path: paths.auth.path, element: null, loader: () => redirect(paths.login.href()) },
        {
          path: paths.login.path,
          handle: typed(sheet('title.login')),
          id: 'login',
          lazy: screen(dispatch, () => import('../routes/login')),
        },
        {
          path: paths.register.path,
          handle: typed(sheet('title.register')),
          id: 'register',
          lazy: screen(dispatch, () => import('../routes/register')),
        },
        {
          path: paths.game.path,
          handle: tab('title.home'),
          id: 'game',
          lazy: screen(dispatch, () => import('../routes/game')),
        },
        {
          path: paths.news.path,
          handle: tab('title.news'),
          id: 'news',
          lazy: screen(dispatch, () => import('../routes/news')),
        },
        {
          path: paths.newsDetail.path,
          handle: page('title.newsDetail'),
          id: 'news-detail',
          lazy: screen(dispatch, () => import('../routes/news-detail')),
        },
        {
          path: paths.live.path,
          handle: tab('title.live'),
          id: 'live',
          lazy: screen(dispatch, () => import('../routes/live')),
        },
        {
          path: paths.lotteryResult.path,
          handle: tab('title.lotteryResult'),
          id: 'lottery-result',
          lazy: screen(dispatch, () => import('../routes/lottery-result')),
        },
        {
          path: paths.lotteryHistory.path,
          handle: page('title.lotteryHistory'),
          id: 'lottery-history',
          lazy: screen(dispatch, () => import('../routes/lottery-history')),
        },
        {
          path: paths.instructApi.path,
          handle: typed(page('title.instructApi')),
          id: 'instruct-api',
          lazy: screen(dispatch, () => import('../routes/instruct-api')),
        },
        {
          path: paths.contact.path,
          handle: page('title.contact'),
          id: 'contact',
          lazy: screen(dispatch, () => import('../routes/contact')),
        },
        {
          path: paths.teamCondition.path,
          handle: page('title.teamCondition'),
          id: 'team-condition',
          lazy: screen(dispatch, () => import('../routes/team-condition')),
        },
        {
          path: paths.aboutUs.path,
          handle: page('title.aboutUs'),
          id: 'about-us',
          lazy: screen(dispatch, () => import('../routes/about-us')),
        },
        {
          path: paths.askQuestion.path,
          handle: typed(page('title.askQuestion')),
          id: 'ask-question',
          lazy: screen(dispatch, () => import('../routes/ask-question')),
        },
        {
          path: paths.disclaimer.path,
          handle: page('title.disclaimer'),
          id: 'disclaimer',
          lazy: screen(dispatch, () => import('../routes/disclaimer')),
        },
        {
          path: paths.myMessage.path,
          handle: personal(page('title.myMessage')),
          loader: forMember(store, () => import('../routes/my-message')),
          id: 'my-message',
          lazy: screen(dispatch, () => import('../routes/my-message')),
        },
        {
          path: paths.profile.path,
          handle: personal(page('title.profile')),
          loader: forMember(store, () => import('../routes/profile')),
          id: 'profile',
          lazy: screen(dispatch, () => import('../routes/profile')),
        },
        {
          path: paths.setting.path,
          handle: typed(page('title.setting')),
          id: 'setting',
          lazy: screen(dispatch, () => import('../routes/setting')),
        },
        {
          path: paths.gameInfo.path,
          handle: page('title.gameInfo'),
          id: 'game-info',
          lazy: screen(dispatch, () => import('../routes/game-info')),
        },
        {
          path: paths.gallery.path,
          handle: page('title.gallery'),
          id: 'gallery',
          lazy: screen(dispatch, () => import('../routes/gallery')),
        },
        {
          path: paths.galleryDetail.path,
          handle: page('title.galleryDetail'),
          id: 'gallery-detail',
          lazy: screen(dispatch, () => import('../routes/gallery-detail')),
        },
        {
          path: paths.changePassword.path,
          handle: typed(member('title.changePassword')),
          loader: requireSignIn(store, () => import('../routes/change-password')),
          id: 'change-password',
          lazy: screen(dispatch, () => import('../routes/change-password')),
        },
        {
          path: paths.userInformation.path,
          handle: typed(member('title.userInformation')),
          loader: requireSignIn(store, () => import('../routes/user-information')),
          id: 'user-information',
          lazy: screen(dispatch, () => import('../routes/user-information')),
        },
        {
          path: paths.collection.path,
          handle: member('title.collection'),
          loader: requireSignIn(store, () => import('../routes/collection')),
          id: 'collection',
          lazy: screen(dispatch, () => import('../routes/collection')),
        },
        {
          path: paths.moreAction.path,
          children: [
            {
              index: true,
              handle: tab('title.moreAction'),
              id: 'more-action',
              lazy: screen(dispatch, () => import('../routes/more-action')),
            },
            {
              path: 'tool-assistant',
              handle: typed(page('title.toolAssistant')),
              id: 'tool-assistant',
              lazy: screen(dispatch, () => import('../routes/tool-assistant')),
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
          lazy: screen(dispatch, () => import('../routes/not-found')),
        },
      ],
    },
  ];
}
