import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import './states.css';

/**
 * What a screen shows while it has nothing to list: what will appear here and, where useful,
 * where to go meanwhile.
 */
export function EmptyState({
  icon,
  title,
  description,
  points,
  actions,
  headingLevel = 2,
}: {
  icon: IconName;
  title: string;
  description?: ReactNode;
  points?: { icon: IconName; text: string }[];
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="kj-empty">
      <div className="kj-empty__art" aria-hidden="true">
        <Icon name={icon} size={40} />
      </div>
      <Heading className="kj-empty__title">{title}</Heading>
      {description ? <p className="kj-empty__text">{description}</p> : null}
      {points?.length ? (
        <ul className="kj-empty__points">
          {points.map((p) => (
            <li key={p.text}>
              <Icon name={p.icon} size={20} />
              <span>{p.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {actions ? <div className="kj-empty__actions">{actions}</div> : null}
    </div>
  );
}
