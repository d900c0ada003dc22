import type { Game } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { scheduleText } from '@/shared/lib/schedule';
import './game-switcher.css';

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
                </span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
