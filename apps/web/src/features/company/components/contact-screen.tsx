import { useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectOnlineServiceUrl } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Icon, type IconName } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { useCompany } from '../hooks/use-company';
import { companyWords } from '../model/words';
import { CompanyHeader } from './company-header';
import './company.css';

type ContactKey = 'phone' | 'email' | 'wechat' | 'telegram' | 'address';

const CHANNELS: { key: ContactKey; icon: IconName; href?: (v: string) => string }[] = [
  { key: 'phone', icon: 'phone', href: (v) => `tel:${v.replace(/\s+/g, '')}` },
  { key: 'email', icon: 'message', href: (v) => `mailto:${v}` },
  { key: 'wechat', icon: 'chat' },
  {
    key: 'telegram',
    icon: 'chat',
    href: (v) => (v.startsWith('http') ? v : `https://t.me/${v.replace(/^@/, '')}`),
  },
  { key: 'address', icon: 'home' },
];

/** A page of this site opens in place; anything else is the operator's chat service in a new tab. */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function ContactScreen() {
  const w = useMessages(companyWords);
  const { company, pending, failed, retry } = useCompany();
  const serviceUrl = useAppSelector(selectOnlineServiceUrl);
  const channels = CHANNELS.filter((c) => company?.contact[c.key]);

  return (
    <div className="kj-stack">
      {pending ? (
        <div className="kj-card kj-company-pending">
          <Skeleton rows={5} />
        </div>
      ) : company ? (
        <CompanyHeader company={company} />
      ) : failed ? (
        <ErrorNotice message={w.contactFailed} onRetry={retry} />
      ) : null}
      <Section id="kj-online-service" title={w.onlineService}>
        <p className="kj-company-card__slogan" style={{ marginBottom: 12 }}>
          {w.onlineServiceHint}
        </p>
        {serviceUrl && isSitePath(serviceUrl) ? (
          <AppLink className="kj-button kj-button--block" to={serviceUrl}>
            <Icon name="service" size={20} /> {w.openOnlineService}
          </AppLink>
        ) : serviceUrl && /^https?:\/\//i.test(serviceUrl) ? (
          <a
            className="kj-button kj-button--block"
            href={serviceUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon name="service" size={20} /> {w.openOnlineService}
          </a>
        ) : (
          <p className="kj-company-card__slogan">{w.noOnlineService}</p>
        )}
      </Section>
      {channels.length > 0 ? (
        <Section id="kj-contact-channels" title={w.channels}>
          <ul className="kj-contact-list">
            {channels.map((c) => {
              const value = company?.contact[c.key] ?? '';
              return (
                <li key={c.key}>
                  <Icon name={c.icon} size={20} />
                  <span className="kj-contact-list__label">{w[c.key]}</span>
                  {c.href ? (
                    <a className="kj-contact-list__value" href={c.href(value)}>
                      {value}
                    </a>
                  ) : (
                    <span className="kj-contact-list__value">{value}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
