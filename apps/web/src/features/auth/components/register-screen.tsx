import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { useAfterSignIn } from '../hooks/use-after-sign-in';
import { useRegisterMutation } from '../api/auth-api';
import { selectRegister, toFailure } from '../model/auth-slice';
import { useFormRules } from '../model/form-rules';
import { authWords } from '../model/words';
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
  const [register] = useRegisterMutation();
  const afterSignIn = useAfterSignIn();
  const state = useAppSelector(selectRegister);
  const [form] = Form.useForm<Values>();
  const w = useMessages(authWords);
  const rules = useFormRules().fields;

  async function submit(values: Values) {
    try {
      await register({
        username: values.username.trim(),
        password: values.password,
        nickname: values.nickname?.trim() || undefined,
        phone: values.phone?.trim() || undefined,
      }).unwrap();
      afterSignIn();
    } catch (failure) {
      // Spec §8: the server's message is the registration error (the slice keeps it).
      showServerErrors('register', form, toFailure(failure, ''));
    }
  }

  const redirect = params.get('redirect') ?? undefined;
  return (
    <div className="kj-auth">
      <AuthHero title={w.createAccount} text={w.createText} />
      <AccountForm<Values>
        name="register"
        form={form}
        onFinish={submit}
        alert={state.error}
        busy={state.processing}
        submitLabel={w.registerSubmit}
        busyLabel={w.registering}
      >
        <Form.Item name="username" label={w.username} rules={rules.username} help={w.usernameHelp}>
          <Input autoComplete="username" placeholder={w.usernamePlaceholder} clearable />
        </Form.Item>
        <Form.Item name="password" label={w.password} rules={rules.password} help={w.passwordHelp}>
          <Input type="password" autoComplete="new-password" placeholder={w.passwordPlaceholder} />
        </Form.Item>
        <Form.Item name="nickname" label={w.nicknameOptional} rules={rules.nickname}>
          <Input autoComplete="nickname" placeholder={w.nicknamePlaceholder} clearable />
        </Form.Item>
        <Form.Item name="phone" label={w.phoneOptional} rules={rules.phone}>
          <Input type="tel" autoComplete="tel" placeholder={w.phonePlaceholder} clearable />
        </Form.Item>
      </AccountForm>
      <p className="kj-auth__switch">
        {w.haveAccount}
        <AppLink to={paths.login.href(redirect)}>{w.goSignIn}</AppLink>
      </p>
    </div>
  );
}
