import type { CollectionKind } from '@kaijiang/domain';
import type { CallError } from '@/shared/api/base-query';
import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { useAppNavigate } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import {
  useAddCollectionMutation,
  useCheckCollectionQuery,
  useRemoveCollectionMutation,
} from '../api/member-api';
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
  const signedIn = useAppSelector(selectSignedIn);
  const check = useCheckCollectionQuery({ kind, refId }, { skip: !signedIn });
  const [add, adding] = useAddCollectionMutation();
  const [remove, removing] = useRemoveCollectionMutation();
  const item = check.currentData ?? null;
  // Until the server has answered again, the button cannot tell which way it would go.
  const busy = check.isFetching || adding.isLoading || removing.isLoading;

  async function toggle() {
    if (!signedIn) {
      navigate(paths.login.href(returnTo));
      return;
    }
    try {
      if (item) {
        await remove(item.id).unwrap();
        void showToast(w.uncollected);
      } else {
        await add({ kind, refId, title }).unwrap();
        void showToast(w.collected, 'success');
      }
    } catch (error) {
      void showErrorToast((error as CallError).message || w.actionFailed);
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
