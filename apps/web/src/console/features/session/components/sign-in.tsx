import { useState, type FormEvent } from 'react';
import { errorText } from '../../../shared/error-text';
import { useT } from '../../../shared/i18n';
import { isApiFailure } from '../../../shared/api';
import { Field } from '../../../shared/ui/field';
import { useSignInMutation } from '../api/session-calls';

/**
 * Username, password and the authenticator's code together: the server never says which of
 * them was wrong, so none is confirmed on its own. What was typed stays but a spent code.
 */
export function SignIn() {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [signIn, state] = useSignInMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await signIn({ username, password, code: code.trim() });
    if ('error' in r && isApiFailure(r.error) && r.error.code === 'UC/BAD_CREDENTIALS') {
      setCode('');
    }
  };

  const err = state.error;
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
        <div className="cs-field">
          <label htmlFor="cs-signin-code">{t('signin.code')}</label>
          <input
            id="cs-signin-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-describedby="cs-signin-code-hint"
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <p className="cs-field__hint" id="cs-signin-code-hint">
            {t('signin.codeHint')}
          </p>
        </div>
        {err && (
          <p className="cs-form-error" role="alert">
            {errorText(err, t)}
          </p>
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary cs-button--block"
          disabled={state.isLoading || !username || !password || !code.trim()}
        >
          {state.isLoading ? t('signin.busy') : t('signin.submit')}
        </button>
      </form>
    </main>
  );
}
