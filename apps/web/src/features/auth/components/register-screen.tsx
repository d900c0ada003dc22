import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { FormAlert, FormField } from '@/shared/ui/form-field';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useFields } from '../hooks/use-fields';
import { useProfileFieldSpecs } from '../hooks/use-profile-field-specs';
import { useRegisterMutation } from '../api/auth-api';
import { selectRegister, toFailure } from '../model/auth-slice';

import { RULES } from '../model/validate';
import { authWords } from '../model/words';
import { AuthHero } from './auth-hero';
import { ProfileFields } from './profile-fields';
import './auth.css';

export function RegisterScreen() {
  const [params] = useSearchParams();
  const [register] = useRegisterMutation();
  const afterSignIn = useAfterSignIn();
  const state = useAppSelector(selectRegister);
  const w = useMessages(authWords);
  const profileSpecs = useProfileFieldSpecs();
  const f = useFields(
    'register',
    {
      username: { label: w.username, rule: RULES.username },
      password: { label: w.password, rule: RULES.newPassword },
      ...profileSpecs,
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
          {...f.field('username')}
          label={w.username}
          autoComplete="username"
          placeholder={w.usernamePlaceholder}
          help={w.usernameHelp}
        />
        <FormField
          {...f.field('password')}
          label={w.password}
          type="password"
          autoComplete="new-password"
          placeholder={w.passwordPlaceholder}
          help={w.passwordHelp}
        />
        <ProfileFields field={f.field} />
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
