import { useState } from 'react';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { showToast } from '@/shared/ui/toast';
import { useProfileQuery, useUpdateProfileMutation, type ProfileInput } from '../api/auth-api';
import { accountWords } from '../model/account-words';
import { selectProfile, toFailure } from '../model/auth-slice';
import { useFormRules } from '../model/form-rules';
import { AccountForm, Form, Input, showServerErrors } from './account-form';
import './account.css';
import './auth.css';

export function UserInformationScreen() {
  const profile = useAppSelector(selectProfile);
  const signedIn = useAppSelector(selectSignedIn);
  // The route's loader asked for it; this keeps it while the screen is open.
  const { refetch } = useProfileQuery(undefined, { skip: !signedIn });
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [form] = Form.useForm<ProfileInput>();
  const [failure, setFailure] = useState<string | null>(null);
  const w = useMessages(accountWords);
  const rules = useFormRules().fields;
  const { userInfo } = profile.data;
  const loaded = userInfo.username !== undefined;

  async function save(values: ProfileInput) {
    setFailure(null);
    try {
      await updateProfile({
        nickname: values.nickname?.trim() ?? '',
        phone: values.phone?.trim() ?? '',
        avatar: values.avatar?.trim() ?? '',
      }).unwrap();
      void showToast(w.saved, 'success');
    } catch (error) {
      const f = toFailure(error, w.saveFailed);
      setFailure(f.message);
      showServerErrors('profile', form, f);
    }
  }

  if (!loaded) {
    return (
      <div className="kj-stack">
        <div className="kj-card kj-account-pad">
          {profile.error ? (
            <ErrorNotice
              message={profile.error}
              onRetry={() => void refetch()}
              retryLabel={w.retry}
            />
          ) : (
            <Skeleton rows={4} label={w.loadingDetails} />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="kj-account">
      <p className="kj-account__meta">
        {w.username} <strong>{userInfo.username}</strong>
        {userInfo.createdAt
          ? format(w.joined, { date: new Date(userInfo.createdAt).toLocaleDateString('zh-CN') })
          : ''}
      </p>
      <AccountForm<ProfileInput>
        name="profile"
        form={form}
        onFinish={save}
        alert={failure}
        busy={saving}
        submitLabel={w.save}
        busyLabel={w.saving}
      >
        <Form.Item
          name="nickname"
          label={w.nickname}
          rules={rules.nickname}
          initialValue={userInfo.nickname ?? ''}
          help={w.nicknameHelp}
        >
          <Input autoComplete="nickname" clearable />
        </Form.Item>
        <Form.Item
          name="phone"
          label={w.phoneNumber}
          rules={rules.phone}
          initialValue={userInfo.phone ?? ''}
        >
          <Input type="tel" autoComplete="tel" clearable />
        </Form.Item>
        <Form.Item
          name="avatar"
          label={w.avatar}
          rules={rules.avatar}
          initialValue={userInfo.avatar ?? ''}
          help={w.avatarHelp}
        >
          <Input type="url" autoComplete="photo" clearable />
        </Form.Item>
      </AccountForm>
    </div>
  );
}
