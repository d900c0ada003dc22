import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useMessages } from '@/shared/i18n';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
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
import { useFormRules } from '../model/form-rules';
import { ruleWords } from '../model/rule-words';
import { AccountForm, Form, Input, showServerErrors } from './account-form';
import './account.css';
import './auth.css';

type Kind = 'login' | 'withdraw';
interface Values {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}

const TABS: { kind: Kind; label: 'loginPassword' | 'withdrawPassword' }[] = [
  { kind: 'login', label: 'loginPassword' },
  { kind: 'withdraw', label: 'withdrawPassword' },
];

function PasswordForm({ kind }: { kind: Kind }) {
  const dispatch = useAppDispatch();
  const [updatePassword] = useUpdatePasswordMutation();
  const state = useAppSelector(kind === 'login' ? selectLoginPassword : selectWithdrawPassword);
  const hasWithdraw = useAppSelector(selectHasWithdrawPassword);
  const [form] = Form.useForm<Values>();
  const w = useMessages(accountWords);
  const rw = useMessages(ruleWords);
  const rules = useFormRules().fields;
  const needsOld = kind === 'login' || hasWithdraw;
  const name = `${kind}-password`;

  useEffect(() => {
    dispatch(passwordFormReset(kind));
  }, [dispatch, kind]);

  async function submit(values: Values) {
    try {
      await updatePassword({
        type: kind,
        oldPassword: needsOld ? values.oldPassword : undefined,
        newPassword: values.newPassword,
      }).unwrap();
      form.resetFields();
      void showToast(
        kind === 'login' ? w.loginPasswordChanged : w.withdrawPasswordSaved,
        'success',
      );
    } catch (failure) {
      // The slice keeps the server's message; the typed values stay in the form.
      showServerErrors(name, form, toFailure(failure, ''));
    }
  }

  return (
    <AccountForm<Values>
      name={name}
      form={form}
      onFinish={submit}
      alert={state.error}
      busy={state.loading}
      submitLabel={kind === 'withdraw' && !hasWithdraw ? w.setWithdrawPassword : w.confirmChange}
      busyLabel={w.submitting}
    >
      {needsOld ? (
        <Form.Item name="oldPassword" label={w.oldPassword} rules={[{ required: true }]}>
          <Input type="password" autoComplete="current-password" />
        </Form.Item>
      ) : (
        <p className="kj-account__meta">{w.noWithdrawPassword}</p>
      )}
      <Form.Item
        name="newPassword"
        label={w.newPassword}
        rules={rules.password}
        help={w.passwordHelp}
      >
        <Input type="password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={w.confirmPassword}
        dependencies={['newPassword']}
        rules={[
          { required: true },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(rw.confirmMismatch)),
          }),
        ]}
      >
        <Input type="password" autoComplete="new-password" />
      </Form.Item>
    </AccountForm>
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
