import { NEWS_CATEGORIES, type NewsCategory } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { paths } from '../../shared/paths';
import { Field } from '../../shared/ui/field';
import { ErrorBox, Loading } from '../../shared/ui/status';
import {
  imageSrc,
  useCreateNewsMutation,
  useDeleteNewsMutation,
  useNewsItemQuery,
  useUpdateNewsMutation,
  useUploadImageMutation,
  type AdminNews,
} from './news-api';
import { RichText } from '../../shared/ui/rich-text';

type Mode = 'draft' | 'now' | 'scheduled';

interface Draft {
  title: string;
  category: NewsCategory;
  summary: string;
  cover: string;
  body: string;
  mode: Mode;
  /** datetime-local value, in the browser's zone. */
  at: string;
}

const EMPTY: Draft = {
  title: '',
  category: 'results',
  summary: '',
  cover: '',
  body: '',
  mode: 'now',
  at: '',
};

/** `YYYY-MM-DDTHH:mm` of an instant, as a datetime-local field shows it. */
function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function draftOf(n: AdminNews): Draft {
  const future = Date.parse(n.publishedAt) > Date.now();
  return {
    title: n.title,
    category: n.category,
    summary: n.summary,
    cover: n.cover,
    body: n.body,
    mode: !n.active ? 'draft' : future ? 'scheduled' : 'now',
    at: future ? localInput(n.publishedAt) : '',
  };
}

export function NewsEditorScreen() {
  const { id } = useParams();
  const t = useT();
  const editing = id !== undefined && id !== 'new' ? Number(id) : null;
  const item = useNewsItemQuery(editing ?? 0, { skip: editing === null });
  if (editing !== null && item.isLoading) return <Loading />;
  if (editing !== null && (item.error || !item.data)) {
    return <ErrorBox message={errorText(item.error, t)} onRetry={() => void item.refetch()} />;
  }
  return (
    <NewsEditor
      key={editing ?? 'new'}
      id={editing}
      initial={item.data ? draftOf(item.data) : EMPTY}
    />
  );
}

function NewsEditor({ id, initial }: { id: number | null; initial: Draft }) {
  const t = useT();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(initial);
  const [create, creating] = useCreateNewsMutation();
  const [update, updating] = useUpdateNewsMutation();
  const [remove, removing] = useDeleteNewsMutation();
  const [upload, uploading] = useUploadImageMutation();
  const [problem, setProblem] = useState('');
  const saving = creating.isLoading || updating.isLoading;
  const failure = id === null ? creating.error : updating.error;
  const fields = fieldErrors(failure);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem('');
    const text = draft.body.replace(/<[^>]*>/g, '').trim();
    if (!draft.title.trim()) return setProblem(t('news.needTitle'));
    if (!text && !/<img/i.test(draft.body)) return setProblem(t('news.needBody'));
    let publishedAt: string | undefined;
    if (draft.mode === 'scheduled') {
      const when = Date.parse(draft.at);
      if (!draft.at || Number.isNaN(when) || when <= Date.now())
        return setProblem(t('news.needFuture'));
      publishedAt = new Date(when).toISOString();
    } else if (draft.mode === 'now') {
      publishedAt = new Date().toISOString();
    }
    const input = {
      title: draft.title.trim(),
      category: draft.category,
      summary: draft.summary.trim(),
      cover: draft.cover,
      body: draft.body,
      active: draft.mode !== 'draft',
      ...(publishedAt && { publishedAt }),
    };
    const r = id === null ? await create(input) : await update({ id, ...input });
    // On a refusal everything typed stays in the form.
    if ('error' in r) return;
    const notice =
      draft.mode === 'draft'
        ? t('news.savedDraft', { title: input.title })
        : draft.mode === 'scheduled'
          ? t('news.savedScheduled', { title: input.title })
          : t('news.savedPublished', { title: input.title });
    navigate(paths.news, { state: { notice } });
  };

  const pickCover = async (file: File | undefined) => {
    if (!file) return;
    const r = await upload(file);
    if ('data' in r && r.data) set('cover', r.data.path);
  };

  return (
    <form className="cs-news-editor" onSubmit={submit} noValidate>
      <h1>{id === null ? t('news.new') : t('news.edit')}</h1>
      <div className="cs-editor-grid">
        <div className="cs-card">
          <Field
            label={t('news.title')}
            required
            maxLength={200}
            value={draft.title}
            error={fields.title}
            onChange={(e) => set('title', e.currentTarget.value)}
          />
          <div className="cs-field">
            <label htmlFor="cs-news-summary">{t('news.summary')}</label>
            <textarea
              id="cs-news-summary"
              rows={2}
              maxLength={500}
              value={draft.summary}
              onChange={(e) => set('summary', e.currentTarget.value)}
            />
          </div>
          <RichText
            label={t('news.body')}
            initialHtml={initial.body}
            error={fields.body}
            onChange={(html) => set('body', html)}
          />
        </div>
        <div>
          <fieldset className="cs-card cs-fieldset">
            <legend>{t('news.publishing')}</legend>
            {(['now', 'scheduled', 'draft'] as const).map((m) => (
              <label key={m} className="cs-check">
                <input
                  type="radio"
                  name="mode"
                  value={m}
                  checked={draft.mode === m}
                  onChange={() => set('mode', m)}
                />
                {t(`news.mode.${m}`)}
              </label>
            ))}
            {draft.mode === 'scheduled' && (
              <Field
                label={t('news.publishAt')}
                type="datetime-local"
                value={draft.at}
                onChange={(e) => set('at', e.currentTarget.value)}
              />
            )}
          </fieldset>
          <div className="cs-card">
            <div className="cs-field">
              <label htmlFor="cs-news-category">{t('news.category')}</label>
              <select
                id="cs-news-category"
                value={draft.category}
                onChange={(e) => set('category', e.currentTarget.value as NewsCategory)}
              >
                {NEWS_CATEGORIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="cs-field">
              <label htmlFor="cs-news-cover">{t('news.cover')}</label>
              {draft.cover && (
                <img
                  className="cs-cover"
                  src={imageSrc(draft.cover)}
                  alt={t('news.coverPreview')}
                />
              )}
              <input
                id="cs-news-cover"
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(e) => void pickCover(e.currentTarget.files?.[0])}
              />
              {uploading.isLoading && <p role="status">{t('news.uploading')}</p>}
              {uploading.error && (
                <p className="cs-form-error" role="alert">
                  {errorText(uploading.error, t)}
                </p>
              )}
              {draft.cover && (
                <button
                  type="button"
                  className="cs-link cs-link--dark"
                  onClick={() => set('cover', '')}
                >
                  {t('news.removeCover')}
                </button>
              )}
            </div>
          </div>
          {(problem || (failure && !fields.title && !fields.body)) && (
            <p className="cs-form-error" role="alert">
              {problem || errorText(failure, t)}
            </p>
          )}
          <div className="cs-actions">
            {id !== null && (
              <button
                type="button"
                className="cs-button"
                disabled={removing.isLoading}
                onClick={async () => {
                  if (!window.confirm(t('news.deleteConfirm', { title: draft.title }))) return;
                  const r = await remove(id);
                  if (!('error' in r))
                    navigate(paths.news, { state: { notice: t('news.deleted') } });
                }}
              >
                {t('news.delete')}
              </button>
            )}
            <button
              type="submit"
              className="cs-button cs-button--primary"
              disabled={saving || uploading.isLoading}
            >
              {saving
                ? t('news.saving')
                : draft.mode === 'draft'
                  ? t('news.saveDraft')
                  : t('news.save')}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}
