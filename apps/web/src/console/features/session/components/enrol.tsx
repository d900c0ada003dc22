import { useEffect, useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/error-text';
import { useT } from '../../../shared/i18n';
import { Loading, ErrorBox } from '../../../shared/ui/status';
import { useBeginTotpMutation, useConfirmTotpMutation } from '../api/session-calls';
import { RecoveryCodes } from './recovery-codes';

/**
 * First sign-in: scan the QR code (or type the secret shown beside it), give the first code,
 * then keep the recovery codes, shown this once.
 */
export function Enrol({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [begin, secret] = useBeginTotpMutation();
  const [confirm, confirmed] = useConfirmTotpMutation();
  const [code, setCode] = useState('');
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    void begin();
  }, [begin]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await confirm({ code: code.trim() });
  };

  if (confirmed.data) {
    return (
      <main className="cs-signin">
        <section className="cs-card cs-signin__card cs-enrol" aria-labelledby="cs-recovery-title">
          <h1 id="cs-recovery-title">{t('enrol.recoveryTitle')}</h1>
          <p>{t('enrol.recoveryWhy')}</p>
          <RecoveryCodes codes={confirmed.data.recoveryCodes} />
          <label className="cs-check">
            <input
              type="checkbox"
              checked={saved}
              onChange={(e) => setSaved(e.currentTarget.checked)}
            />
            {t('enrol.saved')}
          </label>
          <button
            type="button"
            className="cs-button cs-button--primary cs-button--block"
            disabled={!saved}
            onClick={onDone}
          >
            {t('enrol.enter')}
          </button>
        </section>
      </main>
    );
  }

  return (
    <main className="cs-signin">
      <form className="cs-card cs-signin__card cs-enrol" onSubmit={submit}>
        <h1>{t('enrol.title')}</h1>
        <p>{t('enrol.why')}</p>
        {secret.isLoading && <Loading />}
        {secret.error && (
          <ErrorBox message={errorText(secret.error, t)} onRetry={() => void begin()} />
        )}
        {secret.data && (
          <>
            <img
              className="cs-qr"
              width={200}
              height={200}
              alt={t('enrol.qrAlt')}
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.data.qrSvg)}`}
            />
            <p className="cs-field__hint">{t('enrol.manual')}</p>
            <p>
              <code className="cs-secret" data-testid="totp-secret">
                {secret.data.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </p>
            <div className="cs-field">
              <label htmlFor="cs-enrol-code">{t('enrol.code')}</label>
              <input
                id="cs-enrol-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
            </div>
            {confirmed.error && (
              <p className="cs-form-error" role="alert">
                {errorText(confirmed.error, t)}
              </p>
            )}
            <button
              type="submit"
              className="cs-button cs-button--primary cs-button--block"
              disabled={confirmed.isLoading || code.trim().length < 6}
            >
              {t('enrol.submit')}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
