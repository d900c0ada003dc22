import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useMessages } from '@/shared/i18n';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { FormAlert, FormField } from '@/shared/ui/form-field';
import { showToast } from '@/shared/ui/toast';
import { useProfileQuery, useUpdatePasswordMutation } from '../api/auth-api';
import {
  passwordFormReset,
  selectHasWithdrawPassword,
  selectLoginPassword,
  selectWithdrawPassword,
  toFailure,
} from '../model/auth-slice';
import { accountWords } from '../model/account-words';
import { useFields } from '../hooks/use-fields';
import { ruleWords } from '../model/rule-words';
import { RULES } from '../model/validate';
import './account.css';
import './auth.css';

type Kind = 'login' | 'withdraw';

const TABS: { kind: Kind; label: 'loginPassword' | 'withdrawPassword' }[] = [
  { kind: 'login', label: 'loginPassword' },
  { kind: 'withdraw', label: 'withdrawPassword' },
];

function PasswordForm({ kind }: { kind: Kind }) {
  const dispatch = useAppDispatch();
  const [updatePassword] = useUpdatePasswordMutation();
  const state = useAppSelector(kind === 'login' ? selectLoginPassword : selectWithdrawPassword);
  const hasWithdraw = useAppSelector(selectHasWithdrawPassword);
  const w = useMessages(accountWords);
  const rw = useMessages(ruleWords);
  const needsOld = kind === 'login' || hasWithdraw;
  const f = useFields(
    `${kind}-password`,
    {
      oldPassword: { label: w.oldPassword, rule: needsOld ? RULES.required : {} },
      newPassword: { label: w.newPassword, rule: RULES.newPassword },
      confirm: {
        label: w.confirmPassword,
        rule: RULES.required,
        check: (value, all) => (value === all.newPassword ? null : rw.confirmMismatch),
      },
    },
    { oldPassword: '', newPassword: '', confirm: '' },
  );

  useEffect(() => {
    dispatch(passwordFormReset(kind));
  }, [dispatch, kind]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!f.validate()) return;
    try {
      await updatePassword({
        type: kind,
        oldPassword: needsOld ? f.values.oldPassword : undefined,
        newPassword: f.values.newPassword,
      }).unwrap();
      f.reset();
      void showToast(
        kind === 'login' ? w.loginPasswordChanged : w.withdrawPasswordSaved,
        'success',
      );
    } catch (failure) {
      // The slice keeps the server's message; the typed values stay in the form.
      f.showServerErrors(toFailure(failure, '').fields);
    }
  }

  const field = (key: 'oldPassword' | 'newPassword' | 'confirm', label: string) => (
    <FormField
      {...f.field(key)}
      label={label}
      type="password"
      autoComplete={key === 'oldPassword' ? 'current-password' : 'new-password'}
      help={key === 'newPassword' ? w.passwordHelp : undefined}
    />
  );
  return (
    <form className="kj-card kj-form" onSubmit={submit} noValidate>
      {state.error ? <FormAlert>{state.error}</FormAlert> : null}
      {needsOld ? (
        field('oldPassword', w.oldPassword)
      ) : (
        <p className="kj-account__meta">{w.noWithdrawPassword}</p>
      )}
      {field('newPassword', w.newPassword)}
      {field('confirm', w.confirmPassword)}
      <button type="submit" className="kj-button kj-button--block" disabled={state.loading}>
        {state.loading
          ? w.submitting
          : kind === 'withdraw' && !hasWithdraw
            ? w.setWithdrawPassword
            : w.confirmChange}
      </button>
    </form>
  );
}

export function ChangePasswordScreen() {
  const [active, setActive] = useState<Kind>('login');
  const id = useId();
  const w = useMessages(accountWords);
  const signedIn = useAppSelector(selectSignedIn);
  // hasWithdrawPassword decides whether the withdrawal form asks for the old one (the route's
  // loader asked for the profile; this keeps it while the screen is open).
  useProfileQuery(undefined, { skip: !signedIn });

  // WAI-ARIA tabs: arrow keys move between the two, Home/End jump.
  function onKeyDown(event: KeyboardEvent) {
    const i = TABS.findIndex((t) => t.kind === active);
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (i + TABS.length - 1) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setActive(TABS[next]!.kind);
    document.getElementById(`${id}-tab-${TABS[next]!.kind}`)?.focus();
  }

  return (
    <div className="kj-account">
      <div className="kj-tabs" role="tablist" aria-label={w.passwordKind} onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.kind}
            id={`${id}-tab-${t.kind}`}
            type="button"
            role="tab"
            aria-selected={active === t.kind}
            aria-controls={`${id}-panel`}
            tabIndex={active === t.kind ? 0 : -1}
            onClick={() => setActive(t.kind)}
          >
            {w[t.label]}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${active}`}>
        <PasswordForm key={active} kind={active} />
      </div>
    </div>
  );
}
