import { useSearchParams } from 'react-router';
import { useT } from '../../shared/i18n';
import type { MessageKey } from '../../shared/messages';
import { CompanySection } from './company-section';
import { FaqsSection } from './faqs-section';
import { HomeGamesSection } from './home-games-section';
import { NoticesSection } from './notices-section';
import { TeamSection } from './team-section';

const TABS = ['notices', 'home', 'company', 'faqs', 'team'] as const;
type Tab = (typeof TABS)[number];

export function SiteScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'notices';
  return (
    <>
      <h1>{t('nav.site')}</h1>
      <div className="cs-tabs" role="group" aria-label={t('site.sections')}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            className="cs-button"
            aria-pressed={tab === k}
            onClick={() => setParams({ tab: k })}
          >
            {t(`site.${k}` as MessageKey)}
          </button>
        ))}
      </div>
      {tab === 'notices' && <NoticesSection />}
      {tab === 'home' && <HomeGamesSection />}
      {tab === 'company' && <CompanySection />}
      {tab === 'faqs' && <FaqsSection />}
      {tab === 'team' && <TeamSection />}
    </>
  );
}
