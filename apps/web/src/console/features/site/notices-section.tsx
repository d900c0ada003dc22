import { useState, type FormEvent } from 'react';
import { useT } from '../../shared/i18n';
import { ListEditor } from '../../shared/ui/list-editor';
import { SaveStatus } from '../../shared/ui/save-status';
import {
  useDeleteNoticeMutation,
  useNoticesQuery,
  useSaveNoticeMutation,
  type Notice,
} from './site-api';

/** The rolling banner: each notice's text, order and whether it shows. */
export function NoticesSection() {
  const t = useT();
  return (
    <ListEditor<Notice>
      id="notices"
      title={t('site.notices')}
      hint={t('site.noticesHint')}
      empty={t('site.noNotices')}
      addTitle={t('site.addNotice')}
      list={useNoticesQuery()}
      keyOf={(n) => n.id}
      form={(n) => <NoticeForm notice={n} />}
    />
  );
}

function NoticeForm({ notice }: { notice?: Notice }) {
  const t = useT();
  const [content, setContent] = useState(notice?.content ?? '');
  const [sort, setSort] = useState(String(notice?.sort ?? 0));
  const [active, setActive] = useState(notice?.active ?? true);
  const [save, saving] = useSaveNoticeMutation();
  const [remove, removing] = useDeleteNoticeMutation();
  const [saved, setSaved] = useState(false);
  const id = notice?.id ?? 'new';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const r = await save({
      id: notice?.id,
      content: content.trim(),
      sort: Number(sort) || 0,
      active,
    });
    if ('error' in r) return;
    setSaved(true);
    if (!notice) setContent('');
  };
  return (
    <form
      className="cs-row-form"
      onSubmit={submit}
      aria-label={notice ? t('site.noticeN', { n: notice.id }) : t('site.addNotice')}
    >
      <div className="cs-field cs-row-form__main">
        <label htmlFor={`cs-notice-${id}`}>{t('site.noticeText')}</label>
        <input
          id={`cs-notice-${id}`}
          required
          maxLength={500}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
        />
      </div>
      <div className="cs-field cs-row-form__small">
        <label htmlFor={`cs-notice-sort-${id}`}>{t('site.sort')}</label>
        <input
          id={`cs-notice-sort-${id}`}
          type="number"
          inputMode="numeric"
          value={sort}
          onChange={(e) => setSort(e.currentTarget.value)}
        />
      </div>
      <label className="cs-check">
        <input
          type="checkbox"
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        {t('site.shown')}
      </label>
      <div className="cs-actions">
        {notice && (
          <button
            type="button"
            className="cs-button"
            disabled={removing.isLoading}
            onClick={() => {
              if (window.confirm(t('site.deleteConfirm'))) void remove(notice.id);
            }}
          >
            {t('news.delete')}
          </button>
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={saving.isLoading || !content.trim()}
        >
          {notice ? t('site.save') : t('site.add')}
        </button>
      </div>
      <SaveStatus
        saving={saving.isLoading || removing.isLoading}
        saved={saved}
        error={saving.error ?? removing.error}
      />
    </form>
  );
}
