import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { register, selectRegister, type AuthFailure } from '../model/auth-slice';
import { FIELD_RULES } from '../model/form-rules';
import { AccountForm, Form, Input, showServerErrors } from './account-form';
import { AuthHero } from './auth-hero';
import './auth.css';

interface Values {
  username: string;
  password: string;
  nickname?: string;
  phone?: string;
}

export function RegisterScreen() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const afterSignIn = useAfterSignIn();
  const state = useAppSelector(selectRegister);
  const [form] = Form.useForm<Values>();

  async function submit(values: Values) {
    try {
      await dispatch(
        register({
          username: values.username.trim(),
          password: values.password,
          nickname: values.nickname?.trim() || undefined,
          phone: values.phone?.trim() || undefined,
        }),
      ).unwrap();
      afterSignIn();
    } catch (failure) {
      // Spec §8: the server's message is the registration error (the slice keeps it).
      showServerErrors('register', form, failure as AuthFailure);
    }
  }

  const redirect = params.get('redirect') ?? undefined;
  return (
    <div className="kj-auth">
      <AuthHero title="创建账号" text="注册免费，只需用户名和密码" />
      <AccountForm<Values>
        name="register"
        form={form}
        onFinish={submit}
        alert={state.error}
        busy={state.processing}
        submitLabel="注册并登录"
        busyLabel="正在注册…"
      >
        <Form.Item
          name="username"
          label="用户名"
          rules={FIELD_RULES.username}
          help="4–16 位字母、数字或下划线"
        >
          <Input autoComplete="username" placeholder="请输入用户名" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label="密码"
          rules={FIELD_RULES.password}
          help="8–64 位，避免常见密码"
        >
          <Input type="password" autoComplete="new-password" placeholder="请输入密码" />
        </Form.Item>
        <Form.Item name="nickname" label="昵称（选填）" rules={FIELD_RULES.nickname}>
          <Input autoComplete="nickname" placeholder="让大家怎么称呼你" clearable />
        </Form.Item>
        <Form.Item name="phone" label="手机号（选填）" rules={FIELD_RULES.phone}>
          <Input type="tel" autoComplete="tel" placeholder="例如 13812345678" clearable />
        </Form.Item>
      </AccountForm>
      <p className="kj-auth__switch">
        已有账号？<AppLink to={paths.login.href(redirect)}>去登录</AppLink>
      </p>
    </div>
  );
}
