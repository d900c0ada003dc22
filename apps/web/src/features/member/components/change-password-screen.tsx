import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { MemberEmptyScreen } from './member-empty-screen';

export function ChangePasswordScreen() {
  return (
    <MemberEmptyScreen
      icon="key"
      title="修改密码"
      description="会员服务开通后，你可以在这里修改登录密码或设置资金密码（需输入当前密码，新密码至少 8 位）。现在需要重置密码，请联系客服。"
      points={[
        { icon: 'lock', text: '登录密码：用于登录本站' },
        { icon: 'shield', text: '资金密码：用于保护账户资金操作' },
      ]}
      actions={
        <AppLink className="kj-button kj-button--ghost" to={paths.contact.href()}>
          忘记密码？联系客服
        </AppLink>
      }
    />
  );
}
