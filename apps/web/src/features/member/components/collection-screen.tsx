import { useState } from 'react';
import type { CollectionItem, CollectionKind } from '@kaijiang/domain';
import type { CallError } from '@/shared/api/base-query';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import { useCollectionsInfiniteQuery, useRemoveCollectionMutation } from '../api/member-api';
import { usePagedList } from '@/shared/api/paged-list';
import { collectionHref, KIND_LABEL } from '../model/collection-links';
import { memberWords, type MemberWords } from '../model/words';
import { MemberList } from './member-list';
import './member.css';

const collectionId = (item: { id: number }) => item.id;

const FILTERS: { kind: CollectionKind | null; label: keyof MemberWords }[] = [
  { kind: null, label: 'kindAll' },
  { kind: 'news', label: KIND_LABEL.news },
  { kind: 'gallery', label: KIND_LABEL.gallery },
  { kind: 'draw', label: KIND_LABEL.draw },
];

export function CollectionScreen() {
  const w = useMessages(memberWords);
  const [kind, setKind] = useState<CollectionKind | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  // The route's loader asked for the first page of all kinds. Once the session has ended (a dead
  // token), nothing is asked again: the visitor is on the way to sign in.
  const signedIn = useAppSelector(selectSignedIn);
  const list = usePagedList(useCollectionsInfiniteQuery(kind, { skip: !signedIn }), collectionId);
  const [removeCollection] = useRemoveCollectionMutation();

  async function remove(item: CollectionItem) {
    setRemoving(item.id);
    try {
      // The list (and any collect button of the item) refreshes from the server.
      await removeCollection(item.id).unwrap();
      void showToast(format(w.uncollectedTitle, { title: item.title }));
    } catch (error) {
      void showErrorToast((error as CallError).message || w.actionFailed);
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="kj-stack">
      <div className="kj-filter" role="group" aria-label={w.filter}>
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className="kj-filter__chip"
            aria-pressed={kind === f.kind}
            onClick={() => setKind(f.kind)}
          >
            {w[f.label]}
          </button>
        ))}
      </div>
      {/* Favourite picture series live in the picture library's 收藏 tab (issue 45). */}
      <AppLink className="kj-card kj-inbox-pad" to={paths.gallery.href('fav')}>
        {w.gallerySeriesFavourites}
      </AppLink>
      <MemberList
        list={list}
        label={w.collectionList}
        loadingLabel={w.loadingCollections}
        failed={w.collectionsFailed}
        empty={
          <EmptyState
            icon="star"
            title={w.noCollections}
            description={w.noCollectionsHint}
            actions={
              <>
                <AppLink className="kj-button" to={paths.news.href()}>
                  {w.browseNews}
                </AppLink>
                <AppLink className="kj-button kj-button--ghost" to={paths.gallery.href()}>
                  {w.browseGallery}
                </AppLink>
              </>
            }
          />
        }
        row={(item) => (
          <li key={item.id} className="kj-collection">
            <AppLink className="kj-collection__link" to={collectionHref(item)}>
              <span className="kj-collection__kind">{w[KIND_LABEL[item.kind]]}</span>
              <span className="kj-collection__title">{item.title}</span>
            </AppLink>
            <button
              type="button"
              className="kj-button kj-button--ghost kj-collection__remove"
              aria-label={format(w.uncollectLabel, { title: item.title })}
              disabled={removing === item.id}
              onClick={() => void remove(item)}
            >
              {w.uncollect}
            </button>
          </li>
        )}
      />
    </div>
  );
}
