import { useState } from 'react';
import { useT } from '../../../shared/i18n';

/** The recovery codes, shown this once, with a copy and a text file to keep them by. */
export function RecoveryCodes({ codes, account }: { codes: string[]; account?: string }) {
  const t = useT();
  const [told, setTold] = useState('');
  const text = `${t('enrol.fileHeader', { site: location.host })}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setTold(t('enrol.copied'));
    } catch {
      setTold(t('enrol.copyFailed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `recovery-codes-${account ?? location.host}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <>
      <ol className="cs-recovery" aria-label={t('enrol.recoveryTitle')}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="cs-row-actions">
        <button type="button" className="cs-button" onClick={() => void copy()}>
          {t('enrol.copy')}
        </button>
        <button type="button" className="cs-button" onClick={download}>
          {t('enrol.download')}
        </button>
        <span className="cs-ok" role="status">
          {told}
        </span>
      </div>
    </>
  );
}
