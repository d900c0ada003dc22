import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import { loadShellWords, setLocale, useLocale, useT } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';

export function Header({
  title,
  showBack,
  account,
}: {
  title: string;
  showBack: boolean;
  /** The member's links of a desktop's header. */
  account?: ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();

  function goBack() {
    // A visitor who landed here directly has no page of ours to go back to.
    if (window.history.state && window.history.state.idx > 0) void navigate(-1);
    else void navigate(paths.root.href(), { replace: true });
  }

  return (
    <header className="kj-header">
      <div className="kj-header__side">
        {showBack ? (
          <button
            type="button"
            className="kj-icon-button"
            onClick={goBack}
            aria-label={t('nav.back')}
          >
            <Icon name="back" />
          </button>
        ) : (
          <span className="kj-brand-mark" aria-hidden="true">
            {t('site.mark')}
          </span>
        )}
      </div>
      <h1 className="kj-header__title">{title}</h1>
      <div className="kj-header__side kj-header__side--end">
        {account}
        <button
          type="button"
          className="kj-lang-button"
          onClick={() => {
            const next = locale === 'zh-Hans' ? 'zh-Hant' : 'zh-Hans';
            void loadShellWords(next).then(() => setLocale(next));
          }}
          aria-label={t('lang.switch')}
          title={t('lang.switch')}
          // The way back to 简 is written in Simplified: the 繁 layer leaves it so.
          lang={locale === 'zh-Hant' ? 'zh-Hans' : undefined}
        >
          {t('lang.short')}
        </button>
      </div>
    </header>
  );
}
