import { useState, type ReactNode } from 'react';
import { api } from '@/shared/api/api';
import { APP_VERSION, IS_APP_BUILD } from '@/shared/config/build';
import { paths } from '@/shared/config/paths';
import { LOCALES, setLocale, useLocale, useMessages, type Locale } from '@/shared/i18n';
import { useAppDispatch } from '@/shared/store/hooks';
import { LinkList } from '@/shared/ui/link-list';
import { Section } from '@/shared/ui/section';
import { setTheme, THEMES, useTheme, type Theme } from '@/shared/ui/theme';
import { showToast } from '@/shared/ui/toast';
import { clearCache } from '../model/clear-cache';
import { LOCALE_NAMES, settingsWords } from '../model/words';
import { ApiAddressForm } from './api-address-form';
import './setting.css';

function Segmented<T extends string>({
  name,
  labelledBy,
  options,
  value,
  onChange,
  label,
  langOf,
}: {
  name: string;
  labelledBy: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => string;
  /** The language an option's name is written in, when it is not the page's. */
  langOf?: (v: T) => string;
}) {
  return (
    <div
      className="kj-segmented"
      style={{ gridTemplateColumns: `repeat(${options.length}, 1fr)` }}
      role="radiogroup"
      aria-labelledby={labelledBy}
    >
      {options.map((o) => (
        <label key={o} className="kj-segmented__option">
          <input
            type="radio"
            name={name}
            value={o}
            checked={value === o}
            onChange={() => onChange(o)}
          />
          <span lang={langOf?.(o)}>{label(o)}</span>
        </label>
      ))}
    </div>
  );
}

export function SettingScreen({
  appBuild = IS_APP_BUILD,
  onCacheCleared,
  alerts,
}: {
  appBuild?: boolean;
  /** After the query cache was emptied: the app loads the site's own data again. */
  onCacheCleared?: () => void;
  /** The draw alerts section (another feature's, placed here by the app). */
  alerts?: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const locale = useLocale();
  const theme = useTheme();
  const w = useMessages(settingsWords);
  const [clearing, setClearing] = useState(false);

  async function clear() {
    setClearing(true);
    await clearCache();
    // The answers kept in memory go as well: every screen asks the server again.
    dispatch(api.util.resetApiState());
    onCacheCleared?.();
    setClearing(false);
    void showToast(w.cleared, 'success');
  }

  return (
    <div className="kj-stack">
      <Section id="kj-setting-language" title={w.language}>
        <Segmented<Locale>
          name="locale"
          labelledBy="kj-setting-language"
          options={LOCALES}
          value={locale}
          onChange={setLocale}
          label={(l) => LOCALE_NAMES[l]}
          langOf={(l) => l}
        />
      </Section>
      <Section id="kj-setting-theme" title={w.theme}>
        <Segmented<Theme>
          name="theme"
          labelledBy="kj-setting-theme"
          options={THEMES}
          value={theme}
          onChange={setTheme}
          label={(t) => w[t]}
        />
      </Section>
      {alerts}
      <Section id="kj-setting-cache" title={w.cache}>
        <p className="kj-setting-hint" id="kj-setting-cache-hint">
          {w.cacheHint}
        </p>
        <button
          type="button"
          className="kj-button kj-button--ghost kj-button--block"
          aria-describedby="kj-setting-cache-hint"
          onClick={() => void clear()}
          disabled={clearing}
        >
          {clearing ? w.clearing : w.clearCache}
        </button>
      </Section>
      {appBuild ? (
        <Section id="kj-setting-api" title={w.api}>
          <ApiAddressForm
            labels={{
              title: w.api,
              missing: w.apiMissing,
              invalid: w.apiInvalid,
              save: w.apiSave,
              hint: w.apiHint,
            }}
          />
        </Section>
      ) : null}
      <LinkList
        label={w.about}
        items={[
          { href: paths.aboutUs.href(), icon: 'info', label: w.aboutUs },
          { href: paths.disclaimer.href(), icon: 'shield', label: w.disclaimer },
        ]}
      />
      <p className="kj-setting-version">
        {w.version} v{APP_VERSION}
      </p>
    </div>
  );
}
