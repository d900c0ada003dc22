import type { CSSProperties } from 'react';
import { useMessages } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { homeWords } from '../model/words';
import './notice-banner.css';

/**
 * The rolling notice (spec §1): every notice on one line, joined with " | ". The moving copy is
 * decoration; screen readers get the whole text once.
 */
export function NoticeBanner({ text, loading }: { text: string; loading: boolean }) {
  const w = useMessages(homeWords);
  if (!text) {
    return loading ? <div className="kj-notice kj-notice--loading" aria-hidden="true" /> : null;
  }
  // Roughly 60 px per second whatever the length, so long notices stay readable.
  const seconds = Math.max(12, Math.round(text.length * 0.28));
  return (
    <section className="kj-notice" aria-label={w.notices}>
      <Icon name="bell" size={18} className="kj-notice__icon" />
      <div className="kj-notice__viewport">
        <p className="kj-sr-only" role="status" aria-live="polite">
          {text}
        </p>
        <div
          className="kj-notice__track"
          aria-hidden="true"
          style={{ '--kj-notice-duration': `${seconds}s` } as CSSProperties}
        >
          <span>{text}</span>
        </div>
      </div>
    </section>
  );
}
