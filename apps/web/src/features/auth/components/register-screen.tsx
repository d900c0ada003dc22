import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { register, type RegisterInput } from '../api/register';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { RULES, validateField } from '../model/validate';
import { AuthHero } from './auth-hero';
import { TextField } from './text-field';
import './auth.css';

type Field = keyof RegisterInput;

export function RegisterScreen() {
  const [params] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    password: '',
    nickname: '',
    phone: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      username: validateField(values.username, RULES.username),
      password: validateField(values.password, RULES.password),
      nickname: validateField(values.nickname, RULES.nickname),
      phone: validateField(values.phone, RULES.phone),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setProcessing(true);
    setFailure(null);
    try {
      afterSignIn(
        await register({
          username: values.username.trim(),
          password: values.password,
          nickname: values.nickname.trim(),
          phone: values.phone.trim(),
        }),
      );
    } catch (error) {
      // Spec §8: the server's message is the registration error.
      setFailure(isApiError(error) ? error.message : '注册失败，请稍后重试');
    } finally {
      setProcessing(false);
    }
  }

  const redirect = params.get('redirect') ?? undefined;
  return (
    <div className="kj-auth">
      <AuthHero title="创建账号" text="注册免费，只需用户名和密码" />
      <form className="kj-card kj-form" onSubmit={submit} noValidate>
        {failure ? (
          <p className="kj-form__alert" role="alert">
            {failure}
          </p>
        ) : null}
        <TextField
          label="用户名"
          name="username"
          value={values.username}
          onChange={set('username')}
          error={errors.username ?? null}
          autoComplete="username"
          hint="4–16 位字母、数字或下划线"
        />
        <TextField
          label="密码"
          name="password"
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password ?? null}
          autoComplete="new-password"
          hint="至少 8 位"
        />
        <TextField
          label="昵称（选填）"
          name="nickname"
          value={values.nickname}
          onChange={set('nickname')}
          error={errors.nickname ?? null}
          autoComplete="nickname"
        />
        <TextField
          label="手机号（选填）"
          name="phone"
          type="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone ?? null}
          autoComplete="tel"
        />
        <button type="submit" className="kj-button kj-button--block" disabled={processing}>
          {processing ? '正在注册…' : '注册并登录'}
        </button>
      </form>
      <p className="kj-auth__switch">
        已有账号？<AppLink to={paths.login.href(redirect)}>去登录</AppLink>
      </p>
    </div>
  );
}
