import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../shared/error-text';
import { useT } from '../../../shared/i18n';
import { paths } from '../../../shared/paths';
import { Field } from '../../../shared/ui/field';
import { useClaimEnrolmentMutation } from '../api/session-calls';

/** The link's token, from the fragment: it never reaches a server log or a Referer. */
const tokenOfLink = () => /^#([A-Za-z0-9_-]{43})$/.exec(window.location.hash)?.[1] ?? null;

/**
 * A new operator's first visit, through the link the owner handed over: the password, then the
 * second factor (the shell shows that step once the session exists).
 */
export function ClaimEnrol() {
  const t = useT();
  const navigate = useNavigate();
  const [token] = useState(tokenOfLink);
  const [password, setPassword] = useState('');
  const [claim, state] = useClaimEnrolmentMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!token) return;
    const r = await claim({ token, password });
    // The link is spent: out of the address bar and the history.
    if ('data' in r) void navigate(paths.dashboard, { replace: true });
  };

  return (
    <main className="cs-signin">
      <form className="cs-card cs-signin__card" onSubmit={submit} noValidate>
        <h1>{t('claim.title')}</h1>
        {token ? (
          <>
            <p>{t('claim.why')}</p>
            <Field
              label={t('signin.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            {state.error && (
              <p className="cs-form-error" role="alert">
                {errorText(state.error, t)}
              </p>
            )}
            <button
              type="submit"
              className="cs-button cs-button--primary cs-button--block"
              disabled={state.isLoading || !password}
            >
              {t('claim.submit')}
            </button>
          </>
        ) : (
          <p className="cs-form-error" role="alert">
            {t('claim.noLink')}
          </p>
        )}
        <p>
          <a href={paths.dashboard}>{t('claim.signIn')}</a>
        </p>
      </form>
    </main>
  );
}
