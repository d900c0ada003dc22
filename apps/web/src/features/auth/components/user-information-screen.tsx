import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { showToast } from '@/shared/ui/toast';
import { updateProfile, type ProfileInput } from '../api/update-profile';
import { fetchProfile, profileUpdated, selectProfile, toFailure } from '../model/auth-slice';
import { FIELD_RULES } from '../model/form-rules';
import { AccountForm, Form, Input, showServerErrors } from './account-form';
import './account.css';
import './auth.css';

export function UserInformationScreen() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const [form] = Form.useForm<ProfileInput>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { userInfo } = profile.data;
  const loaded = userInfo.username !== undefined;

  useEffect(() => {
    void dispatch(fetchProfile());
  }, [dispatch]);

  async function save(values: ProfileInput) {
    setSaving(true);
    setFailure(null);
    try {
      const next = await updateProfile({
        nickname: values.nickname?.trim() ?? '',
        phone: values.phone?.trim() ?? '',
        avatar: values.avatar?.trim() ?? '',
      });
      dispatch(profileUpdated(next));
      void showToast('资料已保存', 'success');
    } catch (error) {
      const f = toFailure(error, '保存失败，请稍后重试');
      setFailure(f.message);
      showServerErrors('profile', form, f);
    } finally {
      setSaving(false);
    }
  }

  if (!loaded) {
    return (
      <div className="kj-stack">
        <div className="kj-card kj-account-pad">
          {profile.error ? (
            <ErrorNotice message={profile.error} onRetry={() => void dispatch(fetchProfile())} />
          ) : (
            <Skeleton rows={4} label="正在加载个人资料…" />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="kj-account">
      <p className="kj-account__meta">
        用户名 <strong>{userInfo.username}</strong>
        {userInfo.createdAt
          ? ` · ${new Date(userInfo.createdAt).toLocaleDateString('zh-CN')} 注册`
          : ''}
      </p>
      <AccountForm<ProfileInput>
        name="profile"
        form={form}
        onFinish={save}
        alert={failure}
        busy={saving}
        submitLabel="保存"
        busyLabel="正在保存…"
      >
        <Form.Item
          name="nickname"
          label="昵称"
          rules={FIELD_RULES.nickname}
          initialValue={userInfo.nickname ?? ''}
          help="留空则显示用户名"
        >
          <Input autoComplete="nickname" clearable />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          rules={FIELD_RULES.phone}
          initialValue={userInfo.phone ?? ''}
        >
          <Input type="tel" autoComplete="tel" clearable />
        </Form.Item>
        <Form.Item
          name="avatar"
          label="头像地址"
          rules={FIELD_RULES.avatar}
          initialValue={userInfo.avatar ?? ''}
          help="图片网址，以 https:// 或 /sys-upload/ 开头"
        >
          <Input type="url" autoComplete="photo" clearable />
        </Form.Item>
      </AccountForm>
    </div>
  );
}
