import { useState } from 'react';
import { useGamesQuery } from '@/shared/api/site-api';
import { useMessages } from '@/shared/i18n';
import { Section } from '@/shared/ui/section';
import { useDevicePush } from '../hooks/use-device-push';
import { pushWords } from '../model/words';
import './draw-alerts.css';

/** /setting's 开奖提醒: every game, ticked for those this device is told about. */
export function DrawAlertSettings() {
  const w = useMessages(pushWords);
  const push = useDevicePush();
  const games = useGamesQuery();
  const [saved, setSaved] = useState(false);

  async function change(gameId: number, on: boolean) {
    setSaved(false);
    const next = on ? [...push.games, gameId] : push.games.filter((g) => g !== gameId);
    setSaved(await push.follow(next));
  }

  const list = games.data ?? [];
  return (
    <Section id="kj-setting-alerts" title={w.title}>
      <p className="kj-setting-hint" id="kj-setting-alerts-hint">
        {push.phase === 'checking' ? w.checking : w.settingsHint}
      </p>
      {push.phase === 'ready' ? (
        <fieldset
          className="kj-alert-list"
          aria-describedby="kj-setting-alerts-hint"
          disabled={push.saving}
        >
          <legend className="kj-sr-only">{w.title}</legend>
          {list.length === 0 && !games.isLoading ? <p>{w.none}</p> : null}
          {list.map((g) => (
            <label key={g.id} className="kj-alert-list__item">
              <input
                type="checkbox"
                checked={push.games.includes(g.id)}
                onChange={(e) => void change(g.id, e.currentTarget.checked)}
              />
              <span>{g.name}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <p className="kj-alert__status" role="status">
        {push.problem ? (
          <span className="kj-alert__problem">{push.problem}</span>
        ) : push.saving ? (
          w.saving
        ) : saved ? (
          w.saved
        ) : null}
      </p>
    </Section>
  );
}
