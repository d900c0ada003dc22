import { useParams } from 'react-router';
import { GalleryScreen } from './gallery-screen';
import { IssueScreen } from './issue-screen';
import { SeriesScreen } from './series-screen';
import { YearScreen } from './year-screen';

/**
 * The picture library's four screens behind one route and one chunk (app/router/routes.tsx):
 * the screen follows the address. Four routes of their own cost the entry four preload lists,
 * which the game route's first load carries (apps/web/scripts/bundle-report.ts).
 */
export function GalleryPages() {
  const { seriesId, issue, year } = useParams();
  if (year !== undefined) return <YearScreen />;
  if (issue !== undefined) return <IssueScreen />;
  if (seriesId !== undefined) return <SeriesScreen />;
  return <GalleryScreen />;
}
