import { useCallback, useState } from 'react';
import type { CollectionItem, CollectionKind } from '@kaijiang/domain';
import { isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import { listCollections } from '../api/list-collections';
import { removeCollection } from '../api/remove-collection';
import { usePagedList } from '../hooks/use-paged-list';
import { collectionHref, KIND_LABEL } from '../model/collection-links';
import './member.css';

const FILTERS: { kind: CollectionKind | undefined; label: string }[] = [
  { kind: undefined, label: '全部' },
  { kind: 'news', label: '资讯' },
  { kind: 'gallery', label: '图库' },
  { kind: 'draw', label: '开奖' },
];

export function CollectionScreen() {
  const [kind, setKind] = useState<CollectionKind | undefined>(undefined);
  const [removing, setRemoving] = useState<number | null>(null);
  const load = useCallback((page: number) => listCollections(page, { kind }), [kind]);
  const list = usePagedList<CollectionItem>(load);

  async function remove(item: CollectionItem) {
    setRemoving(item.id);
    try {
      await removeCollection(item.id);
      list.setItems((items) => items.filter((i) => i.id !== item.id));
      list.setTotal((n) => n - 1);
      void showToast(`已取消收藏「${item.title}」`);
    } catch (error) {
      void showErrorToast(isApiError(error) ? error.message : '操作失败，请稍后重试');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="kj-stack">
      <div className="kj-filter" role="group" aria-label="按类型筛选">
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className="kj-filter__chip"
            aria-pressed={kind === f.kind}
            onClick={() => setKind(f.kind)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {list.status === 'loading' ? (
        <div className="kj-card kj-inbox-pad">
          <Skeleton rows={4} label="正在加载收藏…" />
        </div>
      ) : list.status === 'error' ? (
        <ErrorNotice message={list.error ?? '收藏加载失败'} onRetry={list.reload} />
      ) : list.items.length === 0 ? (
        <div className="kj-card">
          <EmptyState
            icon="star"
            title="还没有收藏"
            description="在资讯、图库和开奖记录中点击收藏，内容会保存在这里，换手机登录也能找到。"
            actions={
              <>
                <AppLink className="kj-button" to={paths.news.href()}>
                  去看资讯
                </AppLink>
                <AppLink className="kj-button kj-button--ghost" to={paths.gallery.href()}>
                  去看图库
                </AppLink>
              </>
            }
          />
        </div>
      ) : (
        <ul className="kj-card kj-inbox" aria-label="收藏列表">
          {list.items.map((item) => (
            <li key={item.id} className="kj-collection">
              <AppLink className="kj-collection__link" to={collectionHref(item)}>
                <span className="kj-collection__kind">{KIND_LABEL[item.kind]}</span>
                <span className="kj-collection__title">{item.title}</span>
              </AppLink>
              <button
                type="button"
                className="kj-button kj-button--ghost kj-collection__remove"
                aria-label={`取消收藏 ${item.title}`}
                disabled={removing === item.id}
                onClick={() => void remove(item)}
              >
                取消收藏
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.status === 'ready' && list.hasMore ? (
        <button
          type="button"
          className="kj-button kj-button--ghost kj-button--block"
          onClick={list.loadMore}
          disabled={list.loadingMore}
        >
          {list.loadingMore ? '加载中…' : '加载更多'}
        </button>
      ) : null}
    </div>
  );
}
