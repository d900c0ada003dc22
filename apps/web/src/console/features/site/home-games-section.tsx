import { CONFIG_KEYS } from '@kaijiang/domain';
import { useState } from 'react';
import { useDashboardQuery } from '../../shared/dashboard-api';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { SaveStatus } from '../../shared/ui/save-status';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { useSaveHomeGamesMutation, useSettingsQuery } from './site-api';

/** Which games the home screen shows, in which order (home_lottery_setting), with a preview. */
export function HomeGamesSection() {
  const t = useT();
  const games = useDashboardQuery();
  const settings = useSettingsQuery();
  if (games.isLoading || settings.isLoading) return <Loading />;
  if (games.error || settings.error || !games.data || !settings.data) {
    return (
      <ErrorBox
        message={errorText(games.error ?? settings.error, t)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const current =
    settings.data.find((e) => e.configKey === CONFIG_KEYS.homeLotterySetting)?.configValue ?? '';
  const ids = current
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => games.data!.games.some((g) => g.id === n));
  return <HomeGames key={current} all={games.data.games} initial={ids} />;
}

function HomeGames({ all, initial }: { all: { id: number; name: string }[]; initial: number[] }) {
  const t = useT();
  const [chosen, setChosen] = useState(initial);
  const [save, saving] = useSaveHomeGamesMutation();
  const name = (id: number) => all.find((g) => g.id === id)?.name ?? String(id);
  const move = (i: number, by: number) =>
    setChosen((c) => {
      const next = [...c];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item!);
      return next;
    });
  const others = all.filter((g) => !chosen.includes(g.id));
  return (
    <section className="cs-card" aria-labelledby="cs-home-title">
      <h2 id="cs-home-title">{t('site.home')}</h2>
      <p className="cs-muted">{t('site.homeHint')}</p>
      <ol className="cs-order">
        {chosen.map((id, i) => (
          <li key={id}>
            <span>{name(id)}</span>
            <span className="cs-row-actions">
              <button
                type="button"
                className="cs-button"
                disabled={i === 0}
                aria-label={t('site.up', { name: name(id) })}
                onClick={() => move(i, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                className="cs-button"
                disabled={i === chosen.length - 1}
                aria-label={t('site.down', { name: name(id) })}
                onClick={() => move(i, 1)}
              >
                ↓
              </button>
              <button
                type="button"
                className="cs-button"
                disabled={chosen.length === 1}
                onClick={() => setChosen((c) => c.filter((x) => x !== id))}
              >
                {t('site.removeGame')}
              </button>
            </span>
          </li>
        ))}
      </ol>
      {others.length > 0 && (
        <p className="cs-row-actions">
          {others.map((g) => (
            <button
              key={g.id}
              type="button"
              className="cs-button"
              onClick={() => setChosen((c) => [...c, g.id])}
            >
              {t('site.addGame', { name: g.name })}
            </button>
          ))}
        </p>
      )}
      <div className="cs-preview-home" aria-label={t('site.preview')} role="group">
        <p className="cs-muted">{t('site.preview')}</p>
        <div className="cs-preview-home__tabs">
          {chosen.map((id, i) => (
            <span
              key={id}
              className={
                i === 0 ? 'cs-preview-home__tab cs-preview-home__tab--on' : 'cs-preview-home__tab'
              }
            >
              {name(id)}
            </span>
          ))}
        </div>
        <a href="/" target="_blank" rel="noopener">
          {t('site.openHome')}
        </a>
      </div>
      <SaveStatus saving={saving.isLoading} saved={saving.isSuccess} error={saving.error} />
      <button
        type="button"
        className="cs-button cs-button--primary"
        disabled={saving.isLoading}
        onClick={() => void save(chosen)}
      >
        {t('site.save')}
      </button>
    </section>
  );
}
