import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { login } from '../api/login';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { RULES, validateField } from '../model/validate';
import { AuthHero } from './auth-hero';
import { TextField } from './text-field';
import './auth.css';

export function LoginScreen() {
  const [params] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string | null; password?: string | null }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = {
      username: validateField(username, RULES.username),
      password: validateField(password, { ...RULES.password, min: undefined }),
    };
    setErrors(next);
    if (next.username || next.password) return;
    setProcessing(true);
    setFailure(null);
    try {
      afterSignIn(await login({ username: username.trim(), password }));
    } catch (error) {
      setFailure(isApiError(error) ? error.message : '登录失败，请稍后重试');
    } finally {
      setProcessing(false);
    }
  }

  const redirect = params.get('redirect') ?? undefined;
  return (
    <div className="kj-auth">
      <AuthHero title="欢迎回来" text="登录后可收藏内容、接收站内消息" />
      <form
        className="kj-card kj-form"
        onSubmit={submit}
        noValidate
        aria-describedby={failure ? 'kj-login-failure' : undefined}
      >
        {failure ? (
          <p id="kj-login-failure" className="kj-form__alert" role="alert">
            {failure}
          </p>
        ) : null}
        <TextField
          label="用户名"
          name="username"
          value={username}
          onChange={setUsername}
          error={errors.username ?? null}
          autoComplete="username"
        />
        <TextField
          label="密码"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          error={errors.password ?? null}
          autoComplete="current-password"
        />
        <button type="submit" className="kj-button kj-button--block" disabled={processing}>
          {processing ? '正在登录…' : '登录'}
        </button>
      </form>
      <p className="kj-auth__switch">
        还没有账号？<AppLink to={paths.register.href(redirect)}>立即注册</AppLink>
      </p>
    </div>
  );
}
