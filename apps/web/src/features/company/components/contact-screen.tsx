import { useAppSelector } from '@/shared/store/hooks';
import { selectOnlineServiceUrl } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Icon, type IconName } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { useCompany } from '../hooks/use-company';
import { CompanyHeader } from './company-header';
import './company.css';

type ContactKey = 'phone' | 'email' | 'wechat' | 'telegram' | 'address';

const CHANNELS: { key: ContactKey; label: string; icon: IconName; href?: (v: string) => string }[] =
  [
    { key: 'phone', label: '电话', icon: 'phone', href: (v) => `tel:${v.replace(/\s+/g, '')}` },
    { key: 'email', label: '邮箱', icon: 'message', href: (v) => `mailto:${v}` },
    { key: 'wechat', label: '微信', icon: 'chat' },
    {
      key: 'telegram',
      label: 'Telegram',
      icon: 'chat',
      href: (v) => (v.startsWith('http') ? v : `https://t.me/${v.replace(/^@/, '')}`),
    },
    { key: 'address', label: '地址', icon: 'home' },
  ];

/** A page of this site opens in place; anything else is the operator's chat service in a new tab. */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function ContactScreen() {
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
        <ErrorNotice message="联系方式加载失败，请检查网络后重试" onRetry={retry} />
      ) : null}
      <Section id="kj-online-service" title="在线客服">
        <p className="kj-company-card__slogan" style={{ marginBottom: 12 }}>
          账号、开奖数据或合作问题，都可以直接咨询在线客服。
        </p>
        {serviceUrl && isSitePath(serviceUrl) ? (
          <AppLink className="kj-button kj-button--block" to={serviceUrl}>
            <Icon name="service" size={20} /> 打开在线客服
          </AppLink>
        ) : serviceUrl && /^https?:\/\//i.test(serviceUrl) ? (
          <a
            className="kj-button kj-button--block"
            href={serviceUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon name="service" size={20} /> 打开在线客服
          </a>
        ) : (
          <p className="kj-company-card__slogan">在线客服暂未开通，请通过下方方式联系我们。</p>
        )}
      </Section>
      {channels.length > 0 ? (
        <Section id="kj-contact-channels" title="联系方式">
          <ul className="kj-contact-list">
            {channels.map((c) => {
              const value = company?.contact[c.key] ?? '';
              return (
                <li key={c.key}>
                  <Icon name={c.icon} size={20} />
                  <span className="kj-contact-list__label">{c.label}</span>
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
