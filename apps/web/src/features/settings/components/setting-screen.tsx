import { useState } from 'react';
import { APP_VERSION, IS_APP_BUILD } from '@/shared/config/build';
import { paths } from '@/shared/config/paths';
import { LOCALES, setLocale, useLocale, type Locale } from '@/shared/i18n';
import { defineMessages, useMessages } from '@/shared/i18n';
import { LinkList } from '@/shared/ui/link-list';
import { Section } from '@/shared/ui/section';
import { setTheme, THEMES, useTheme, type Theme } from '@/shared/ui/theme';
import { showToast } from '@/shared/ui/toast';
import { clearCache } from '../model/clear-cache';
import { ApiAddressForm } from './api-address-form';
import './setting.css';

const words = defineMessages({
  'zh-Hans': {
    language: '语言',
    theme: '外观',
    system: '跟随系统',
    light: '浅色',
    dark: '深色',
    cache: '缓存',
    clearCache: '清除缓存',
    clearing: '正在清除…',
    cleared: '缓存已清除',
    cacheHint: '清除本机缓存的页面数据，不会退出登录',
    api: '接口地址',
    apiMissing: '请填写接口地址',
    apiInvalid: '接口地址须以 http:// 或 https:// 开头',
    apiSave: '保存并重新加载',
    apiHint: '末尾会自动补上 /app-api',
    about: '关于',
    version: '当前版本',
    aboutUs: '关于我们',
    disclaimer: '免责声明',
  },
  'zh-Hant': {
    language: '語言',
    theme: '外觀',
    system: '跟隨系統',
    light: '淺色',
    dark: '深色',
    cache: '快取',
    clearCache: '清除快取',
    clearing: '正在清除…',
    cleared: '快取已清除',
    cacheHint: '清除本機快取的頁面資料，不會登出',
    api: '介面位址',
    apiMissing: '請填寫介面位址',
    apiInvalid: '介面位址須以 http:// 或 https:// 開頭',
    apiSave: '儲存並重新載入',
    apiHint: '結尾會自動補上 /app-api',
    about: '關於',
    version: '目前版本',
    aboutUs: '關於我們',
    disclaimer: '免責聲明',
  },
});

const LOCALE_NAMES: Record<Locale, string> = { 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

function Segmented<T extends string>({
  name,
  labelledBy,
  options,
  value,
  onChange,
  label,
}: {
  name: string;
  labelledBy: string;
  options: readonly T[];
  value: T;
  onChange: (v: T) => void;
  label: (v: T) => string;
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
          <span>{label(o)}</span>
        </label>
      ))}
    </div>
  );
}

export function SettingScreen({ appBuild = IS_APP_BUILD }: { appBuild?: boolean }) {
  const locale = useLocale();
  const theme = useTheme();
  const w = useMessages(words);
  const [clearing, setClearing] = useState(false);

  async function clear() {
    setClearing(true);
    await clearCache();
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
