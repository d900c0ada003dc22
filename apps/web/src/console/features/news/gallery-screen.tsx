import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useDashboardQuery } from '../../shared/dashboard-api';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { Field } from '../../shared/ui/field';
import { Pager } from '../../shared/ui/pager';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import {
  GALLERY_PAGE,
  useAddGalleryMutation,
  useDeleteGalleryMutation,
  useGalleryPageQuery,
  useSetGalleryShownMutation,
} from './gallery-api';
import { imageSrc, useUploadImageMutation } from './news-api';

/** Each issue's picture (图纸) of a game: add one with its upload, hide, show or delete. */
export function GalleryScreen() {
  const t = useT();
  const games = useDashboardQuery();
  const [params, setParams] = useSearchParams();
  const list = games.data?.games ?? [];
  const gameId = Number(params.get('game')) || list[0]?.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  if (games.isLoading) return <Loading />;
  if (games.error || gameId === undefined) {
    return <ErrorBox message={errorText(games.error, t)} onRetry={() => void games.refetch()} />;
  }
  return (
    <>
      <h1>{t('nav.gallery')}</h1>
      <div className="cs-field cs-field--inline">
        <label htmlFor="cs-gallery-game">{t('desk.game')}</label>
        <select
          id="cs-gallery-game"
          value={gameId}
          onChange={(e) => setParams({ game: e.currentTarget.value })}
        >
          {list.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div className="cs-split">
        <Pictures
          gameId={gameId}
          page={page}
          onPage={(p) => setParams({ game: String(gameId), page: String(p) })}
        />
        <AddPicture
          key={gameId}
          gameId={gameId}
          nextIssue={list.find((g) => g.id === gameId)?.nextIssue ?? ''}
        />
      </div>
    </>
  );
}

function Pictures({
  gameId,
  page,
  onPage,
}: {
  gameId: number;
  page: number;
  onPage: (p: number) => void;
}) {
  const t = useT();
  const q = useGalleryPageQuery({ gameId, page });
  const [shown] = useSetGalleryShownMutation();
  const [remove] = useDeleteGalleryMutation();
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  if (q.data.items.length === 0) return <Empty>{t('gallery.none')}</Empty>;
  return (
    <section aria-label={t('gallery.list')}>
      <ul className="cs-gallery">
        {q.data.items.map((g) => (
          <li key={g.id} className="cs-card">
            <img src={imageSrc(g.thumb || g.image)} alt={g.title} loading="lazy" />
            <p>
              <strong>{t('gallery.issue', { issue: g.issue })}</strong> {g.title}
              {!g.active && <span className="cs-tag cs-tag--off">{t('gallery.hidden')}</span>}
            </p>
            <div className="cs-row-actions">
              <button
                type="button"
                className="cs-button"
                onClick={() => void shown({ id: g.id, active: !g.active })}
              >
                {g.active ? t('gallery.hide') : t('gallery.show')}
              </button>
              <button
                type="button"
                className="cs-button"
                onClick={() => {
                  if (window.confirm(t('site.deleteConfirm'))) void remove(g.id);
                }}
              >
                {t('news.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={Math.ceil(q.data.total / GALLERY_PAGE)} onPage={onPage} />
    </section>
  );
}

function AddPicture({ gameId, nextIssue }: { gameId: number; nextIssue: string }) {
  const t = useT();
  const [issue, setIssue] = useState(nextIssue);
  const [title, setTitle] = useState('');
  const [image, setImage] = useState('');
  const [upload, uploading] = useUploadImageMutation();
  const [add, adding] = useAddGalleryMutation();
  const [done, setDone] = useState('');
  const fields = fieldErrors(adding.error);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await add({ gameId, issue: issue.trim(), title: title.trim(), image });
    if ('error' in r) return;
    setDone(t('gallery.added', { issue: issue.trim() }));
    setTitle('');
    setImage('');
  };
  return (
    <form className="cs-card" onSubmit={submit} aria-labelledby="cs-add-picture">
      <h2 id="cs-add-picture">{t('gallery.add')}</h2>
      <Field
        label={t('games.issue')}
        required
        maxLength={32}
        value={issue}
        error={fields.issue}
        onChange={(e) => setIssue(e.currentTarget.value.trim())}
      />
      <Field
        label={t('news.title')}
        required
        maxLength={200}
        value={title}
        error={fields.title}
        onChange={(e) => setTitle(e.currentTarget.value)}
      />
      <div className="cs-field">
        <label htmlFor={`cs-gallery-file-${gameId}`}>{t('gallery.picture')}</label>
        {image && <img className="cs-cover" src={imageSrc(image)} alt={t('news.coverPreview')} />}
        <input
          id={`cs-gallery-file-${gameId}`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            const r = await upload(file);
            if ('data' in r && r.data) setImage(r.data.path);
          }}
        />
        {uploading.isLoading && <p role="status">{t('news.uploading')}</p>}
        {uploading.error && (
          <p className="cs-form-error" role="alert">
            {errorText(uploading.error, t)}
          </p>
        )}
      </div>
      {adding.error && !fields.issue && !fields.title && (
        <p className="cs-form-error" role="alert">
          {errorText(adding.error, t)}
        </p>
      )}
      {done && !adding.error && (
        <p className="cs-ok" role="status">
          {done}
        </p>
      )}
      <button
        type="submit"
        className="cs-button cs-button--primary"
        disabled={adding.isLoading || !image || !issue || !title.trim()}
      >
        {t('gallery.addSubmit')}
      </button>
    </form>
  );
}
