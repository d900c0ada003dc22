import { APP_VERSION } from '@/shared/config/build';
import { paths } from '@/shared/config/paths';
import { LOCALES, setLocale, useLocale, type Locale } from '@/shared/i18n';
import { defineMessages, useMessages } from '@/shared/i18n';
import { LinkList } from '@/shared/ui/link-list';
import { Section } from '@/shared/ui/section';
import './setting.css';

const words = defineMessages({
  'zh-Hans': {
    language: '语言',
    about: '关于',
    version: '当前版本',
    aboutUs: '关于我们',
    disclaimer: '免责声明',
  },
  'zh-Hant': {
    language: '語言',
    about: '關於',
    version: '當前版本',
    aboutUs: '關於我們',
    disclaimer: '免責聲明',
  },
});

const LOCALE_NAMES: Record<Locale, string> = { 'zh-Hans': '简体中文', 'zh-Hant': '繁體中文' };

export function SettingScreen() {
  const locale = useLocale();
  const w = useMessages(words);
  return (
    <div className="kj-stack">
      <Section id="kj-setting-language" title={w.language}>
        <div className="kj-segmented" role="radiogroup" aria-labelledby="kj-setting-language">
          {LOCALES.map((l) => (
            <label key={l} className="kj-segmented__option">
              <input
                type="radio"
                name="locale"
                value={l}
                checked={locale === l}
                onChange={() => setLocale(l)}
              />
              <span lang={l}>{LOCALE_NAMES[l]}</span>
            </label>
          ))}
        </div>
      </Section>
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
