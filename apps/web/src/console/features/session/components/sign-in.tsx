import { useRef, useState, type FormEvent } from 'react';
import { errorText, fieldErrors } from '../../../shared/error-text';
import { useT } from '../../../shared/i18n';
import { isApiFailure } from '../../../shared/api';
import { Field } from '../../../shared/ui/field';
import { useSignInMutation } from '../api/session-calls';

/**
 * Username and password, then, once the server asks for it, the authenticator's code in the
 * same form: what was typed stays when a step fails.
 */
export function SignIn() {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needCode, setNeedCode] = useState(false);
  const [signIn, state] = useSignInMutation();
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await signIn({
      username,
      password,
      ...(needCode && code ? { code: code.trim() } : {}),
    });
    if ('error' in r && isApiFailure(r.error)) {
      if (r.error.code === 'ADMIN/CODE_REQUIRED') {
        setNeedCode(true);
        // The field appears with this render; focus moves there for keyboards and readers.
        requestAnimationFrame(() => codeInput.current?.focus());
      }
      if (r.error.code === 'ADMIN/CODE_INVALID') setCode('');
    }
  };

  const err = state.error;
  const codeAsked = isApiFailure(err) && err.code === 'ADMIN/CODE_REQUIRED';
  const fields = fieldErrors(err);
  return (
    <main className="cs-signin">
      <form className="cs-card cs-signin__card" onSubmit={submit} noValidate>
        <h1>{t('signin.title')}</h1>
        <Field
          label={t('signin.username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <Field
          label={t('signin.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        {needCode && (
          <div className="cs-field">
            <label htmlFor="cs-signin-code">{t('signin.code')}</label>
            <input
              id="cs-signin-code"
              ref={codeInput}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-describedby="cs-signin-code-hint"
              aria-invalid={fields.code && !codeAsked ? true : undefined}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
            <p className="cs-field__hint" id="cs-signin-code-hint">
              {t('signin.codeHint')}
            </p>
          </div>
        )}
        {err && !codeAsked && (
          <p className="cs-form-error" role="alert">
            {errorText(err, t)}
          </p>
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary cs-button--block"
          disabled={state.isLoading || !username || !password}
        >
          {state.isLoading ? t('signin.busy') : t('signin.submit')}
        </button>
      </form>
    </main>
  );
}
