import type { ReactNode } from 'react';
import './states.css';

/** A white card with a titled head; `id` ties the heading to the region for screen readers. */
export function Section({
  id,
  title,
  action,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={className ? `kj-card kj-section ${className}` : 'kj-card kj-section'}
      aria-labelledby={id}
    >
      <div className="kj-section__head">
        <h2 className="kj-section__title" id={id}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
