import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { FormAlert, FormField } from '@/shared/ui/form-field';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useFields } from '../hooks/use-fields';
import { useRegisterMutation } from '../api/auth-api';
import { selectRegister, toFailure } from '../model/auth-slice';

import { RULES } from '../model/validate';
import { authWords } from '../model/words';
import { AuthHero } from './auth-hero';
import './auth.css';

export function RegisterScreen() {
  const [params] = useSearchParams();
  const [register] = useRegisterMutation();
  const afterSignIn = useAfterSignIn();
  const state = useAppSelector(selectRegister);
  const w = useMessages(authWords);
  const f = useFields(
    'register',
    {
      username: { label: w.username, rule: RULES.username },
      password: { label: w.password, rule: RULES.newPassword },
      nickname: { label: w.nickname, rule: RULES.nickname },
      phone: { label: w.phone, rule: RULES.phone },
    },
    { username: '', password: '', nickname: '', phone: '' },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!f.validate()) return;
    const v = f.values;
    try {
      await register({
        username: v.username.trim(),
        password: v.password,
        nickname: v.nickname.trim() || undefined,
        phone: v.phone.trim() || undefined,
      }).unwrap();
      afterSignIn();
    } catch (failure) {
      // Spec §8: the server's message is the registration error (the slice keeps it).
      f.showServerErrors(toFailure(failure, '').fields);
    }
  }

  const redirect = params.get('redirect') ?? undefined;
  return (
    <div className="kj-auth">
      <AuthHero title={w.createAccount} text={w.createText} />
      <form className="kj-card kj-form" onSubmit={submit} noValidate>
        {state.error ? <FormAlert>{state.error}</FormAlert> : null}
        <FormField
          id={f.idOf('username')}
          label={w.username}
          name="username"
          value={f.values.username}
          onChange={f.set('username')}
          onBlur={f.blur('username')}
          error={f.errors.username ?? null}
          autoComplete="username"
          placeholder={w.usernamePlaceholder}
          help={w.usernameHelp}
        />
        <FormField
          id={f.idOf('password')}
          label={w.password}
          name="password"
          type="password"
          value={f.values.password}
          onChange={f.set('password')}
          onBlur={f.blur('password')}
          error={f.errors.password ?? null}
          autoComplete="new-password"
          placeholder={w.passwordPlaceholder}
          help={w.passwordHelp}
        />
        <FormField
          id={f.idOf('nickname')}
          label={w.nickname}
          optional={w.optional}
          name="nickname"
          value={f.values.nickname}
          onChange={f.set('nickname')}
          onBlur={f.blur('nickname')}
          error={f.errors.nickname ?? null}
          autoComplete="nickname"
          placeholder={w.nicknamePlaceholder}
        />
        <FormField
          id={f.idOf('phone')}
          label={w.phone}
          optional={w.optional}
          name="phone"
          type="tel"
          value={f.values.phone}
          onChange={f.set('phone')}
          onBlur={f.blur('phone')}
          error={f.errors.phone ?? null}
          autoComplete="tel"
          placeholder={w.phonePlaceholder}
        />
        <button type="submit" className="kj-button kj-button--block" disabled={state.processing}>
          {state.processing ? w.registering : w.registerSubmit}
        </button>
      </form>
      <p className="kj-auth__switch">
        {w.haveAccount}
        <AppLink to={paths.login.href(redirect)}>{w.goSignIn}</AppLink>
      </p>
    </div>
  );
}
