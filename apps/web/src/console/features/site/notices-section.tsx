import { useState } from 'react';
import { useT } from '../../shared/i18n';
import { ListEditor } from '../../shared/ui/list-editor';
import { ListItemControls, useListItem } from '../../shared/ui/list-item';
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
  const [save, saving] = useSaveNoticeMutation();
  const [remove, removing] = useDeleteNoticeMutation();
  const item = useListItem({
    row: notice,
    save: (order) => save({ ...order, content: content.trim() }),
    saving,
    remove,
    removing,
    clear: () => setContent(''),
  });
  return (
    <form
      className="cs-row-form"
      onSubmit={item.submit}
      aria-label={notice ? t('site.noticeN', { n: notice.id }) : t('site.addNotice')}
    >
      <div className="cs-field cs-row-form__main">
        <label htmlFor={`cs-notice-${item.key}`}>{t('site.noticeText')}</label>
        <input
          id={`cs-notice-${item.key}`}
          required
          maxLength={500}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
        />
      </div>
      <ListItemControls item={item} idPrefix="cs-notice" ready={Boolean(content.trim())} />
      {item.status}
    </form>
  );
}
