import { useState, type FormEvent } from 'react';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { FormAlert } from '@/shared/ui/form-field';
import { Skeleton } from '@/shared/ui/skeleton';
import { showToast } from '@/shared/ui/toast';
import { useProfileQuery, useUpdateProfileMutation, type ProfileInput } from '../api/auth-api';
import { accountWords } from '../model/account-words';
import { selectProfile, toFailure } from '../model/auth-slice';
import { useFields } from '../hooks/use-fields';
import { useProfileFieldSpecs } from '../hooks/use-profile-field-specs';
import { AvatarPicker } from './avatar-picker';
import { ProfileFields } from './profile-fields';
import './account.css';
import './auth.css';

export function UserInformationScreen() {
  const profile = useAppSelector(selectProfile);
  const signedIn = useAppSelector(selectSignedIn);
  // The route's loader asked for it; this keeps it while the screen is open.
  const { refetch } = useProfileQuery(undefined, { skip: !signedIn });
  const w = useMessages(accountWords);
  const { userInfo } = profile.data;
  const loaded = userInfo.username !== undefined;

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
      <div className="kj-card">
        <AvatarPicker avatar={userInfo.avatar || undefined} />
      </div>
      <DetailsForm
        key={userInfo.username}
        initial={{ nickname: userInfo.nickname ?? '', phone: userInfo.phone ?? '' }}
      />
    </div>
  );
}

function DetailsForm({ initial }: { initial: ProfileInput }) {
  const [updateProfile, { isLoading: saving }] = useUpdateProfileMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const w = useMessages(accountWords);
  const f = useFields('profile', useProfileFieldSpecs(), initial);

  async function save(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!f.validate()) return;
    try {
      await updateProfile({
        nickname: f.values.nickname.trim(),
        phone: f.values.phone.trim(),
      }).unwrap();
      void showToast(w.saved, 'success');
    } catch (error) {
      const failed = toFailure(error, w.saveFailed);
      setFailure(failed.message);
      f.showServerErrors(failed.fields);
    }
  }

  return (
    <form className="kj-card kj-form" onSubmit={save} noValidate>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <ProfileFields field={f.field} nicknameHelp />
      <button type="submit" className="kj-button kj-button--block" disabled={saving}>
        {saving ? w.saving : w.save}
      </button>
    </form>
  );
}
