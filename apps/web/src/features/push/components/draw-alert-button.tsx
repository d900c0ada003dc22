import type { Game } from '@kaijiang/domain';
import { useState } from 'react';
import { format, useMessages } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { useDevicePush } from '../hooks/use-device-push';
import { pushWords } from '../model/words';
import './draw-alerts.css';

/** A game screen's 开奖提醒: this device told when the game's draw ends, or not. */
export function DrawAlertButton({ game }: { game: Game }) {
  const w = useMessages(pushWords);
  const push = useDevicePush();
  const [said, setSaid] = useState<string | null>(null);
  const on = push.games.includes(game.id);
  const hintId = `kj-alert-hint-${game.id}`;

  async function toggle() {
    setSaid(null);
    const next = on ? push.games.filter((g) => g !== game.id) : [...push.games, game.id];
    if (await push.follow(next)) {
      setSaid(format(on ? w.stopped : w.following, { game: game.name }));
    }
  }

  const usable = push.phase === 'ready';

  return (
    <section className="kj-card kj-alert" aria-labelledby={`kj-alert-${game.id}`}>
      <Icon name="bell" size={22} className="kj-alert__icon" />
      <div className="kj-alert__text">
        <h2 className="kj-alert__title" id={`kj-alert-${game.id}`}>
          {w.title}
        </h2>
        <p className="kj-alert__hint" id={hintId}>
          {push.phase === 'checking' ? w.checking : w.hint}
        </p>
      </div>
      {usable ? (
        <button
          type="button"
          className={
            on ? 'kj-button kj-alert__toggle kj-alert__toggle--on' : 'kj-button kj-alert__toggle'
          }
          aria-describedby={hintId}
          disabled={push.saving}
          onClick={() => void toggle()}
        >
          {push.saving ? w.saving : on ? w.off : w.on}
        </button>
      ) : null}
      <p className="kj-alert__status" role="status">
        {push.problem ? <span className="kj-alert__problem">{push.problem}</span> : said}
      </p>
    </section>
  );
}
