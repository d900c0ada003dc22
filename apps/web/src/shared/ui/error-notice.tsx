import { useT } from '../i18n';
import './states.css';

export function ErrorNotice({
  message,
  onRetry,
  retryLabel,
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  const t = useT();
  return (
    <div className="kj-error" role="alert">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="kj-button kj-button--ghost" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
