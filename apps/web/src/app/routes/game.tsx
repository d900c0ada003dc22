import type { Game } from '@kaijiang/domain';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { GameScreen } from '@/features/home/components/game-screen';
import type * as IssueDrawModule from '@/features/lottery/components/issue-draw';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';
import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';
import type * as GameExtrasModule from './game-extras';
import { LoadNear } from './load-near';
import './side-chat.css';

/** The screen's extras (the chat room, the Hong Kong prize record, the draw calendar) at its foot. */
const loadExtras = () => import('./game-extras');
function Extras({ game }: { game: Game }) {
  return (
    <LoadNear load={loadExtras}>
      {(m: typeof GameExtrasModule) => <m.default game={game} />}
    </LoadNear>
  );
}

/**
 * On a wide screen the game's chat sits beside its draw: an empty column in the server's page
 * (its place taken from the start, so nothing moves when it fills), filled once the page is the
 * app's. Narrower, the column is not displayed, so its mark never comes into view and the chat
 * comes with the extras at the foot instead.
 */
const SideChat = ({ game }: { game: Game }) => (
  <aside className="kj-side-chat">
    <LoadNear load={loadExtras} mark="kj-side-mark">
      {(m: typeof GameExtrasModule) => <m.default game={game} part="chat" />}
    </LoadNear>
  </aside>
);

/**
 * The draw stage's watcher comes with the extras (no import of its own: the first load's list of
 * files to preload stays as it was), asked for by the card only while a draw is on.
 */
const Stage = ({ game }: { game: Game }) => (
  <LoadNear load={loadExtras} mark="kj-stage-mark">
    {(m: typeof GameExtrasModule) => <m.StageWhenDue game={game} />}
  </LoadNear>
);

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => (
  <div className="kj-stage-row" key={game.id}>
    <LatestDrawCard game={game} links stage={<Stage game={game} />} />
    <SideChat game={game} />
  </div>
);
const renderExtras = (game: Game) => <Extras key={game.id} game={game} />;

/** The past draw the address names (`?issue=`, a history row's link), if it is one. */
const pastIssue = (value: string | null) => (value && /^\d{1,14}$/.test(value) ? value : null);

// The past draw's card is a chunk of its own (the game's first load stays within its budget,
// apps/web/scripts/bundle-report.ts), loaded before the first render when the address names a
// draw: by the loader on the server, by `prepare` in the browser (app/router/routes.tsx), so the
// server's page and the browser's first render agree. Reached later, it loads on the screen.
let issueDraw: typeof IssueDrawModule | undefined;
const loadIssueDraw = async () =>
  (issueDraw ??= await import('@/features/lottery/components/issue-draw'));

/** In the browser, before the screen first renders: the card, if the address names a draw. */
export async function prepare(search: string) {
  if (pastIssue(new URLSearchParams(search).get('issue'))) await loadIssueDraw();
}

export function Component() {
  const issue = pastIssue(useSearchParams()[0].get('issue'));
  const [part, setPart] = useState(issueDraw);
  useEffect(() => {
    if (issue && !part) void loadIssueDraw().then(setPart, (err: unknown) => console.warn(err));
  }, [issue, part]);
  // The asked draw first, then the latest one, live as ever.
  const draw = useCallback(
    (game: Game) =>
      issue && part ? (
        <>
          <part.IssueDraw key={`${game.id}-${issue}`} game={game} issue={issue} />
          {renderDraw(game)}
        </>
      ) : (
        renderDraw(game)
      ),
    [issue, part],
  );
  return <GameScreen renderDraw={draw} renderExtras={renderExtras} />;
}

/** The game's latest draw (the screen follows it live), and the past draw the address names. */
export const loader: ScreenLoader = async ({ dispatch }, { params, request }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  const issue = pastIssue(new URL(request.url).searchParams.get('issue'));
  const past = async () => {
    if (!issue) return;
    const m = await loadIssueDraw();
    await dispatch(
      m.drawDetailApi.endpoints.drawDetail.initiate({ gameId: id, issue }, { subscribe: false }),
    );
  };
  await Promise.all([
    dispatch(latestApi.endpoints.latestDraws.initiate(id, { subscribe: false })),
    past(),
  ]);
};
