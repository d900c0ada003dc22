import { ENROL_PATH, type EnrolLink } from '@kaijiang/domain';
import { useState } from 'react';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';

/** A new operator's one-time link, shown this once for the owner to hand over. */
export function EnrolLinkBox({
  name,
  link,
  onClose,
}: {
  name: string;
  link: EnrolLink;
  onClose: () => void;
}) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${ENROL_PATH}#${link.token}`;
  const id = `cs-enrol-link-${name}`;
  return (
    <div className="cs-note" role="status">
      <div className="cs-field">
        <label htmlFor={id}>{t('ops.linkTitle', { name })}</label>
        <input id={id} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        <p className="cs-field__hint">
          {t('ops.linkWhy', { name, until: formatTime(link.expiresAt) })}
        </p>
      </div>
      <p className="cs-row-actions">
        <button
          type="button"
          className="cs-button"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('ops.linkCopied') : t('ops.linkCopy')}
        </button>
        <button type="button" className="cs-button" onClick={onClose}>
          {t('ops.linkClose')}
        </button>
      </p>
    </div>
  );
}
