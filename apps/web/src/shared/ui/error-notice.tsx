import './states.css';

export function ErrorNotice({
  message,
  onRetry,
  retryLabel = '重新加载',
}: {
  message: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="kj-error" role="alert">
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="kj-button kj-button--ghost" onClick={onRetry}>
          {retryLabel}
        </button>
      ) : null}
    </div>
  );
}
