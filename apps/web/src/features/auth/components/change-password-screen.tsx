import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { showToast } from '@/shared/ui/toast';
import {
  changeLoginPassword,
  changeWithdrawPassword,
  fetchProfile,
  passwordFormReset,
  selectHasWithdrawPassword,
  selectLoginPassword,
  selectWithdrawPassword,
  type AuthFailure,
} from '../model/auth-slice';
import { FIELD_RULES } from '../model/form-rules';
import { AccountForm, Form, Input, showServerErrors } from './account-form';
import './account.css';
import './auth.css';

type Kind = 'login' | 'withdraw';
interface Values {
  oldPassword?: string;
  newPassword: string;
  confirm: string;
}

const TABS: { kind: Kind; label: string }[] = [
  { kind: 'login', label: '登录密码' },
  { kind: 'withdraw', label: '资金密码' },
];

function PasswordForm({ kind }: { kind: Kind }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(kind === 'login' ? selectLoginPassword : selectWithdrawPassword);
  const hasWithdraw = useAppSelector(selectHasWithdrawPassword);
  const [form] = Form.useForm<Values>();
  const needsOld = kind === 'login' || hasWithdraw;
  const name = `${kind}-password`;

  useEffect(() => {
    dispatch(passwordFormReset(kind));
  }, [dispatch, kind]);

  async function submit(values: Values) {
    const thunk = kind === 'login' ? changeLoginPassword : changeWithdrawPassword;
    try {
      await dispatch(
        thunk({
          oldPassword: needsOld ? values.oldPassword : undefined,
          newPassword: values.newPassword,
        }),
      ).unwrap();
      form.resetFields();
      void showToast(
        kind === 'login' ? '登录密码已修改，其他设备需重新登录' : '资金密码已保存',
        'success',
      );
    } catch (failure) {
      // The slice keeps the server's message; the typed values stay in the form.
      showServerErrors(name, form, failure as AuthFailure);
    }
  }

  return (
    <AccountForm<Values>
      name={name}
      form={form}
      onFinish={submit}
      alert={state.error}
      busy={state.loading}
      submitLabel={kind === 'withdraw' && !hasWithdraw ? '设置资金密码' : '确认修改'}
      busyLabel="正在提交…"
    >
      {needsOld ? (
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true }]}>
          <Input type="password" autoComplete="current-password" />
        </Form.Item>
      ) : (
        <p className="kj-account__meta">你还没有设置资金密码，设置后用于保护资金操作。</p>
      )}
      <Form.Item
        name="newPassword"
        label="新密码"
        rules={FIELD_RULES.password}
        help="8–64 位，避免常见密码"
      >
        <Input type="password" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的新密码不一致')),
          }),
        ]}
      >
        <Input type="password" autoComplete="new-password" />
      </Form.Item>
    </AccountForm>
  );
}

export function ChangePasswordScreen() {
  const dispatch = useAppDispatch();
  const [active, setActive] = useState<Kind>('login');
  const id = useId();

  useEffect(() => {
    // hasWithdrawPassword decides whether the withdrawal form asks for the old one.
    void dispatch(fetchProfile());
  }, [dispatch]);

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
      <div className="kj-tabs" role="tablist" aria-label="密码类型" onKeyDown={onKeyDown}>
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
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${active}`}>
        <PasswordForm key={active} kind={active} />
      </div>
    </div>
  );
}
