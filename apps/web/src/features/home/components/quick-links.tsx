import { paths } from '@/shared/config/paths';
import { useT } from '@/shared/i18n';
import type { MessageKey } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { Icon, type IconName } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import './quick-links.css';

const LINKS: { href: string; icon: IconName; label: MessageKey }[] = [
  { href: paths.lotteryHistory.href(), icon: 'history', label: 'title.lotteryHistory' },
  { href: paths.gallery.href(), icon: 'gallery', label: 'title.gallery' },
  { href: paths.gameInfo.href(), icon: 'game', label: 'title.gameInfo' },
  { href: paths.lotteryTrend.href(), icon: 'trend', label: 'title.lotteryTrend' },
];

export function QuickLinks({ title }: { title: string }) {
  const t = useT();
  return (
    <Section id="kj-quick-links" title={title}>
      <ul className="kj-quick">
        {LINKS.map((link) => (
          <li key={link.href}>
            <AppLink to={link.href} className="kj-quick__link">
              <span className="kj-quick__icon">
                <Icon name={link.icon} size={22} />
              </span>
              <span>{t(link.label)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}
