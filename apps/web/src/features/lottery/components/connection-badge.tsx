import { format, useMessages } from '@/shared/i18n';
import { selectLiveConnection } from '@/shared/live/live-slice';
import { liveWords } from '@/shared/live/live-words';
import { useAppSelector } from '@/shared/store/hooks';

/** A quiet "实时 / 重连中" pill: the visitor can tell whether the numbers are live. */
export function ConnectionBadge() {
  const w = useMessages(liveWords);
  const state = useAppSelector(selectLiveConnection);
  if (state === 'idle') return null;
  const text =
    state === 'open' ? w.connected : state === 'connecting' ? w.connecting : w.reconnecting;
  return (
    <span
      className={`kj-conn kj-conn--${state}`}
      role="status"
      aria-live="polite"
      aria-label={format(w.connectionLabel, { state: text })}
    >
      <span className="kj-conn__dot" aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
    </span>
  );
}
