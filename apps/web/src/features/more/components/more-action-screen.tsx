import { MORE_ENTRIES } from '@/shared/config/more-menu';
import { paths } from '@/shared/config/paths';
import { useT } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import './more-action.css';

const GAME_COLOURS = ['#df0000', '#0000f4', '#43962a'];

/** Every menu entry that is not a tab, plus shortcuts to the first two games (spec §2 icons). */
export function MoreActionScreen() {
  const t = useT();
  const games = useAppSelector(selectHomeGames).slice(0, 2);
  return (
    <div className="kj-stack">
      {games.length > 0 ? (
        <Section id="kj-more-games" title={t('title.home')}>
          <ul className="kj-more-games">
            {games.map((game, i) => (
              <li key={game.id}>
                <AppLink className="kj-more-game" to={paths.game.href(game.id)}>
                  <span
                    className="kj-more-game__ball"
                    style={{ background: GAME_COLOURS[i % 3] }}
                    aria-hidden="true"
                  >
                    {(game.shortName || game.name).slice(0, 1)}
                  </span>
                  <span>{game.name}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="kj-more-all" title={t('nav.more')}>
        <ul className="kj-more-grid">
          {MORE_ENTRIES.map((entry) => (
            <li key={entry.id}>
              <AppLink className="kj-more-grid__item" to={entry.href}>
                <span className="kj-more-grid__icon">
                  <Icon name={entry.icon} size={24} />
                </span>
                <span>{t(entry.label)}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
