import type { Game } from '@kaijiang/domain';
import { lazy, Suspense } from 'react';
import { paths } from '@/shared/config/paths';
import { useLatestDrawsQuery } from '@/shared/live/latest-api';
import { scheduleText } from '@/shared/lib/schedule';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { AppLink } from '@/shared/ui/app-link';
import './game-switcher.css';

// Its own chunk: only a desktop shows it, and the first load of a game's screen is capped.
const GameLatest = lazy(() => import('./game-latest'));

const ACCENTS = ['#df0000', '#0000f4', '#43962a', '#b8860b'];

/** The home games as links: switching a game changes the URL, so it can be shared and reloaded. */
export function GameSwitcher({
  games,
  currentId,
  label,
}: {
  games: Game[];
  currentId: number;
  label: string;
}) {
  // A desktop shows every game's latest balls in its link (layout room for them from the first
  // paint: game-switcher.css); a phone, which scrolls the links sideways, only the schedules.
  const wide = useMediaQuery('(min-width: 1024px)', false);
  useLatestDrawsQuery(undefined, { skip: !wide });
  return (
    <nav className="kj-games" aria-label={label}>
      <ul>
        {games.map((game, index) => {
          const active = game.id === currentId;
          return (
            <li key={game.id}>
              <AppLink
                to={paths.game.href(game.id)}
                replace
                className={active ? 'kj-game kj-game--active' : 'kj-game'}
                aria-current={active ? 'page' : undefined}
              >
                <span
                  className="kj-game__badge"
                  aria-hidden="true"
                  style={{ background: ACCENTS[index % ACCENTS.length] }}
                >
                  {(game.shortName || game.name).slice(0, 1)}
                </span>
                <span className="kj-game__text">
                  <span className="kj-game__name">{game.name}</span>
                  <span className="kj-game__schedule">{scheduleText(game)}</span>
                  {wide ? (
                    <Suspense>
                      <GameLatest gameId={game.id} />
                    </Suspense>
                  ) : null}
                </span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
