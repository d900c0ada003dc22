import type { ReactNode } from 'react';
import { useT } from '../i18n';

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="cs-status" role="status" aria-live="polite">
      <span className="cs-spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </div>
  );
}

export function ErrorBox({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="cs-status cs-status--error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="cs-button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="cs-empty">{children}</p>;
}
