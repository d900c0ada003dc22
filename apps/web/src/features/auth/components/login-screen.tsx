import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { FormAlert, FormField } from '@/shared/ui/form-field';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useLoginMutation } from '../api/auth-api';
import { selectLogin, toFailure } from '../model/auth-slice';

import { ruleWords } from '../model/rule-words';
import { RULES, validateField } from '../model/validate';
import { authWords } from '../model/words';
import { AuthHero } from './auth-hero';
import './auth.css';

type Errors = { username?: string | null; password?: string | null };

/** Why the visitor was sent here (the shell passes it when a session ends). */
function useNotice(): string | null {
  const state: unknown = useLocation().state;
  if (state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string') {
    return state.notice;
  }
  return null;
}

export function LoginScreen() {
  const [params] = useSearchParams();
  const [login] = useLoginMutation();
  const afterSignIn = useAfterSignIn();
  const { processing, error } = useAppSelector(selectLogin);
  const notice = useNotice();
  const w = useMessages(authWords);
  const rw = useMessages(ruleWords);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      username: validateField(username, w.username, RULES.username, rw),
      password: validateField(password, w.password, RULES.password, rw),
    };
    setErrors(next);
    if (next.username || next.password) {
      document.getElementById(next.username ? 'kj-login-username' : 'kj-login-password')?.focus();
      return;
    }
    try {
      await login({ username: username.trim(), password }).unwrap();
      afterSignIn();
    } catch (failure) {
      // What was typed stays in the fields; the server's words show above them.
      const fields = toFailure(failure, '').fields;
      if (fields)
        setErrors({ username: fields.username ?? null, password: fields.password ?? null });
    }
  }

  const redirect = params.get('redirect') ?? undefined;
  return (
    <div className="kj-auth">
      <AuthHero title={w.welcome} text={w.welcomeText} />
      {notice && !error ? (
        <p className="kj-form__notice" role="status">
          {notice}
        </p>
      ) : null}
      <form
        className="kj-card kj-form"
        onSubmit={submit}
        noValidate
        aria-describedby={error ? 'kj-login-failure' : undefined}
      >
        {error ? <FormAlert id="kj-login-failure">{error}</FormAlert> : null}
        <FormField
          id="kj-login-username"
          label={w.username}
          name="username"
          value={username}
          onChange={setUsername}
          error={errors.username ?? null}
          autoComplete="username"
        />
        <FormField
          id="kj-login-password"
          label={w.password}
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          error={errors.password ?? null}
          autoComplete="current-password"
        />
        <button type="submit" className="kj-button kj-button--block" disabled={processing}>
          {processing ? w.signingIn : w.signIn}
        </button>
      </form>
      <p className="kj-auth__switch">
        {w.noAccount}
        <AppLink to={paths.register.href(redirect)}>{w.registerNow}</AppLink>
      </p>
    </div>
  );
}
