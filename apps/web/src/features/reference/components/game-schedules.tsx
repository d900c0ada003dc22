import type { Game } from '@kaijiang/domain';
import { useLocale } from '@/shared/i18n';
import { nextDrawAt } from '@/shared/lib/next-draw';
import { formatDrawTime, intlLocale, scheduleText, zoneName } from '@/shared/lib/schedule';
import { useServerNow } from '@/shared/live/server-clock';
import { Section } from '@/shared/ui/section';
import type { GameInfoWords } from '../model/game-info-words';

/** Every game's schedule in its own time zone, and when it draws next. */
export function GameSchedules({ games, w }: { games: Game[]; w: GameInfoWords }) {
  const now = new Date(useServerNow(30_000));
  const locale = useLocale();
  return (
    <Section id="kj-ref-schedules" title={w.schedules}>
      {games.length === 0 ? (
        <p className="kj-ref-note">{w.noGames}</p>
      ) : (
        <table className="kj-ref-table kj-ref-table--schedule">
          <thead>
            <tr>
              <th scope="col">{w.game}</th>
              <th scope="col">{w.schedule}</th>
              <th scope="col">{w.next}</th>
            </tr>
          </thead>
          <tbody>
            {games.map((game) => {
              const next = nextDrawAt(game, now);
              return (
                <tr key={game.id}>
                  <th scope="row">{game.name}</th>
                  <td>
                    {scheduleText(game, locale)}
                    <small className="kj-ref-zone">{zoneName(game.timezone, locale)}</small>
                  </td>
                  <td>{next ? formatDrawTime(next, game.timezone, intlLocale(locale)) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Section>
  );
}
