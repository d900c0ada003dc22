import { useT } from '../i18n';
import './states.css';

/** Grey shapes where content is about to appear; announced once as "loading". */
export function Skeleton({
  rows = 3,
  height = 16,
  label,
  circle,
}: {
  rows?: number;
  height?: number;
  label?: string;
  /** Draw a row of round placeholders instead (balls). */
  circle?: number;
}) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', gap: 10 }}>
      <span className="kj-sr-only">{label ?? t('common.loading')}</span>
      {circle ? (
        <div aria-hidden="true" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {Array.from({ length: circle }, (_, i) => (
            <span
              key={i}
              className="kj-skeleton"
              style={{ width: 36, height: 36, borderRadius: '50%' }}
            />
          ))}
        </div>
      ) : (
        Array.from({ length: rows }, (_, i) => (
          <span
            key={i}
            aria-hidden="true"
            className="kj-skeleton"
            style={{ height, width: i === rows - 1 && rows > 1 ? '62%' : '100%' }}
          />
        ))
      )}
    </div>
  );
}
