import { createBrowserRouter } from 'react-router';
import { AuditScreen } from '../features/audit/audit-screen';
import { ChatScreen } from '../features/chat/chat-screen';
import { GalleryScreen } from '../features/gallery/gallery-screen';
import { GamesScreen } from '../features/games/games-screen';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { DeskScreen } from '../features/desk/desk-screen';
import { MembersScreen } from '../features/members/members-screen';
import { NewsEditorScreen } from '../features/news/news-editor-screen';
import { NewsListScreen } from '../features/news/news-list-screen';
import { OperatorsScreen } from '../features/operators/operators-screen';
import { SiteScreen } from '../features/site/site-screen';
import { QuestionsScreen } from '../features/questions/questions-screen';
import { paths } from '../shared/paths';
import { NotFound } from './not-found';
import { RoleGate } from './role-gate';
import { Shell } from './shell';

export function createConsoleRouter() {
  return createBrowserRouter([
    {
      path: paths.dashboard,
      element: <Shell />,
      children: [
        { index: true, element: <DashboardScreen /> },
        {
          path: paths.desk,
          element: (
            <RoleGate area="draws">
              <DeskScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.news,
          element: (
            <RoleGate area="content">
              <NewsListScreen />
            </RoleGate>
          ),
        },
        {
          path: `${paths.news}/:id`,
          element: (
            <RoleGate area="content">
              <NewsEditorScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.gallery,
          element: (
            <RoleGate area="content">
              <GalleryScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.site,
          element: (
            <RoleGate area="content">
              <SiteScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.chat,
          element: (
            <RoleGate area="chat">
              <ChatScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.games,
          element: (
            <RoleGate area="draws">
              <GamesScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.members,
          element: (
            <RoleGate area="members">
              <MembersScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.questions,
          element: (
            <RoleGate area="members">
              <QuestionsScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.operators,
          element: (
            <RoleGate area="operators">
              <OperatorsScreen />
            </RoleGate>
          ),
        },
        {
          path: paths.audit,
          element: (
            <RoleGate area="audit">
              <AuditScreen />
            </RoleGate>
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ]);
}
