import { AppLink } from './app-link';
import { Icon, type IconName } from './icon';
import './link-list.css';

export interface LinkListItem {
  href: string;
  icon: IconName;
  label: string;
  note?: string;
}

/** A settings-style list of links, one per row, with a chevron. */
export function LinkList({ items, label }: { items: LinkListItem[]; label?: string }) {
  return (
    <ul className="kj-card kj-link-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.href}>
          <AppLink to={item.href} className="kj-link-list__row">
            <span className="kj-link-list__icon">
              <Icon name={item.icon} size={20} />
            </span>
            <span className="kj-link-list__label">{item.label}</span>
            {item.note ? <span className="kj-link-list__note">{item.note}</span> : null}
            <Icon name="chevron" size={18} className="kj-link-list__chevron" />
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
