import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { MemberEmptyScreen } from './member-empty-screen';

export function UserInformationScreen() {
  return (
    <MemberEmptyScreen
      icon="user"
      title="个人资料"
      description="会员服务开通后，你的用户名、昵称、手机号（中间四位隐藏）和注册时间会显示在这里，并可修改昵称和头像。"
      points={[
        { icon: 'user', text: '昵称与头像' },
        { icon: 'phone', text: '绑定手机号' },
        { icon: 'lock', text: '登录密码与资金密码' },
      ]}
      actions={
        <AppLink className="kj-button kj-button--ghost" to={paths.changePassword.href()}>
          修改密码
        </AppLink>
      }
    />
  );
}
