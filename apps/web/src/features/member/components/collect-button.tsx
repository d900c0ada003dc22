import { useEffect, useState } from 'react';
import type { CollectionItem, CollectionKind } from '@kaijiang/domain';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { getAccessToken } from '@/shared/storage/storage';
import { useAppNavigate } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import { addCollection } from '../api/add-collection';
import { checkCollection } from '../api/check-collection';
import { removeCollection } from '../api/remove-collection';
import { memberWords } from '../model/words';
import './member.css';

/** A toggle to collect the item on screen; a visitor is sent to sign in first. */
export function CollectButton({
  kind,
  refId,
  title,
  returnTo,
}: {
  kind: CollectionKind;
  refId: string;
  title?: string;
  /** Where sign-in brings the visitor back to. */
  returnTo: string;
}) {
  const navigate = useAppNavigate();
  const w = useMessages(memberWords);
  const signedIn = getAccessToken() !== null;
  const [item, setItem] = useState<CollectionItem | null>(null);
  const [busy, setBusy] = useState(signedIn);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    checkCollection(kind, refId)
      .then((found) => live && setItem(found))
      .catch((error: unknown) => console.warn('checking a collection failed', error))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [signedIn, kind, refId]);

  async function toggle() {
    if (!signedIn) {
      navigate(paths.login.href(returnTo));
      return;
    }
    setBusy(true);
    try {
      if (item) {
        await removeCollection(item.id);
        setItem(null);
        void showToast(w.uncollected);
      } else {
        setItem(await addCollection({ kind, refId, title }));
        void showToast(w.collected, 'success');
      }
    } catch (error) {
      void showErrorToast(isApiError(error) ? error.message : w.actionFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={
        item ? 'kj-button kj-collect kj-collect--on' : 'kj-button kj-button--ghost kj-collect'
      }
      aria-pressed={item !== null}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <Icon name="star" size={18} />
      {item ? w.collected : w.collect}
    </button>
  );
}
