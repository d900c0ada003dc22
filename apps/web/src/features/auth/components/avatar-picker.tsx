import { CHAT_IMAGE_MAX_BYTES } from '@kaijiang/domain';
import { useId, useState, type ChangeEvent } from 'react';
import { useMessages } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { showToast } from '@/shared/ui/toast';
import { useUploadAvatarMutation } from '../api/auth-api';
import { accountWords } from '../model/account-words';
import { toFailure } from '../model/auth-slice';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The member's picture and a button that uploads a new one at once (the server checks it). */
export function AvatarPicker({ avatar }: { avatar: string | undefined }) {
  const w = useMessages(accountWords);
  const id = useId();
  const [upload, { isLoading }] = useUploadAvatarMutation();
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    if (file.size > CHAT_IMAGE_MAX_BYTES) return setError(w.avatarTooBig);
    setError(null);
    try {
      await upload(file).unwrap();
      void showToast(w.avatarSaved, 'success');
    } catch (failure) {
      setError(toFailure(failure, w.avatarFailed).message);
    }
  }

  return (
    <div className="kj-avatar-pick" aria-busy={isLoading}>
      <span className="kj-avatar-pick__img" aria-hidden="true">
        {avatar ? (
          <img src={avatar} alt="" width={64} height={64} />
        ) : (
          <Icon name="user" size={32} />
        )}
      </span>
      <div className="kj-avatar-pick__body">
        <span className="kj-avatar-pick__title" id={`${id}-title`}>
          {w.avatar}
        </span>
        <label className="kj-button kj-button--ghost kj-avatar-pick__button">
          {isLoading ? w.avatarUploading : w.avatarChoose}
          <input
            type="file"
            className="kj-sr-only"
            accept={ACCEPT}
            disabled={isLoading}
            aria-describedby={error ? `${id}-error` : `${id}-help`}
            onChange={(e) => void choose(e)}
          />
        </label>
        {error ? (
          <span id={`${id}-error`} className="kj-field__error" role="alert">
            {error}
          </span>
        ) : (
          <span id={`${id}-help`} className="kj-field__help">
            {w.avatarHelp}
          </span>
        )}
      </div>
    </div>
  );
}
