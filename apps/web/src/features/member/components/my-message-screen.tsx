import { paths } from '@/shared/config/paths';
import { getAccessToken } from '@/shared/storage/storage';
import { AppLink } from '@/shared/ui/app-link';
import { MemberEmptyScreen } from './member-empty-screen';

export function MyMessageScreen() {
  const signedIn = getAccessToken() !== null;
  return (
    <MemberEmptyScreen
      icon="message"
      title={signedIn ? '暂无消息' : '登录后查看消息'}
      description="系统通知、开奖提醒和客服回复会按时间显示在这里，未读消息会标记提醒。"
      points={[
        { icon: 'bell', text: '开奖提醒与系统公告' },
        { icon: 'service', text: '客服回复' },
      ]}
      actions={
        signedIn ? null : (
          <AppLink className="kj-button" to={paths.login.href(paths.myMessage.href())}>
            登录
          </AppLink>
        )
      }
    />
  );
}
