import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { SaveStatus } from './save-status';

/** What every row of a ListEditor section has besides its own fields. */
interface Ordered {
  id: number;
  sort: number;
  active: boolean;
}

/** A mutation as an RTK Query hook gives it: the call, and how it is going. */
type Call<A> = (arg: A) => PromiseLike<{ data: unknown } | { error: unknown }>;
interface Progress {
  isLoading: boolean;
  error?: unknown;
}

/**
 * The state a ListEditor row form (console/shared/ui/list-editor.tsx) shares with the others: its
 * order and 显示, the save and delete calls, and 已保存 after a save. `save` gets the order and
 * adds the row's own fields; with no row (the add form) `clear` empties them once it went through.
 */
export function useListItem<R extends Ordered>({
  row,
  save,
  saving,
  remove,
  removing,
  clear,
}: {
  row: R | undefined;
  save: Call<{ id?: number; sort: number; active: boolean }>;
  saving: Progress;
  remove: Call<number>;
  removing: Progress;
  clear: () => void;
}) {
  const [sort, setSort] = useState(String(row?.sort ?? 0));
  const [active, setActive] = useState(row?.active ?? true);
  const [saved, setSaved] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const r = await save({ id: row?.id, sort: Number(sort) || 0, active });
    if ('error' in r) return;
    setSaved(true);
    if (!row) clear();
  };
  return {
    row,
    /** The field ids' suffix: the row's id, or `new` on the add form. */
    key: row?.id ?? 'new',
    sort,
    setSort,
    active,
    setActive,
    submit,
    remove: () => row && void remove(row.id),
    saving: saving.isLoading,
    removing: removing.isLoading,
    status: (
      <SaveStatus
        saving={saving.isLoading || removing.isLoading}
        saved={saved}
        error={saving.error ?? removing.error}
      />
    ),
  };
}

export type ListItem = ReturnType<typeof useListItem>;

/**
 * A row form's tail: the sort order, 显示, then delete (asked first) and save (add on the add
 * form). `idPrefix` names the sort field (`{idPrefix}-sort-{id}`); `ready` is the row's own
 * fields being filled in.
 */
export function ListItemControls({
  item,
  idPrefix,
  ready,
}: {
  item: ListItem;
  idPrefix: string;
  ready: boolean;
}) {
  const t = useT();
  const sortId = `${idPrefix}-sort-${item.key}`;
  return (
    <>
      <div className="cs-field cs-row-form__small">
        <label htmlFor={sortId}>{t('site.sort')}</label>
        <input
          id={sortId}
          type="number"
          inputMode="numeric"
          value={item.sort}
          onChange={(e) => item.setSort(e.currentTarget.value)}
        />
      </div>
      <label className="cs-check">
        <input
          type="checkbox"
          checked={item.active}
          onChange={(e) => item.setActive(e.currentTarget.checked)}
        />
        {t('site.shown')}
      </label>
      <div className="cs-actions">
        {item.row && (
          <button
            type="button"
            className="cs-button"
            disabled={item.removing}
            onClick={() => {
              if (window.confirm(t('site.deleteConfirm'))) item.remove();
            }}
          >
            {t('news.delete')}
          </button>
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={item.saving || !ready}
        >
          {item.row ? t('site.save') : t('site.add')}
        </button>
      </div>
    </>
  );
}
