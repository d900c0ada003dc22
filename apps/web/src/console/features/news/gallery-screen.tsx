import type { GalleryPicture } from '@kaijiang/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
  useGalleryQuery,
  useSaveGallerySetMutation,
  useSetGalleryShownMutation,
} from './gallery-api';
import { imageSrc } from './news-api';
import { PictureSetField } from './picture-set-field';

/** Each issue's pictures (图纸) of a game: add a set, reorder it, hide, show or delete. */
export function GalleryScreen() {
  const t = useT();
  const games = useDashboardQuery();
  const [params, setParams] = useSearchParams();
  const list = games.data?.games ?? [];
  const gameId = Number(params.get('game')) || list[0]?.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const editing = Number(params.get('edit')) || 0;
  const go = (p: number, edit = 0) =>
    setParams({ game: String(gameId), page: String(p), ...(edit && { edit: String(edit) }) });
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
          editing={editing}
          onPage={(p) => go(p)}
          onEdit={(id) => go(page, id)}
        />
        {editing ? (
          <SetEditor key={editing} id={editing} onClose={() => go(page)} />
        ) : (
          <AddPicture
            key={gameId}
            gameId={gameId}
            nextIssue={list.find((g) => g.id === gameId)?.nextIssue ?? ''}
          />
        )}
      </div>
    </>
  );
}

function Pictures({
  gameId,
  page,
  editing,
  onPage,
  onEdit,
}: {
  gameId: number;
  page: number;
  editing: number;
  onPage: (p: number) => void;
  onEdit: (id: number) => void;
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
          <li key={g.id} className={g.id === editing ? 'cs-card cs-card--current' : 'cs-card'}>
            {/* The caption below names the picture: the image adds nothing to read aloud. */}
            <img src={imageSrc(g.thumb || g.image)} alt="" loading="lazy" />
            <p>
              {/* A title that already names its issue is said once. */}
              {g.title.includes(g.issue) ? (
                <strong>{g.title}</strong>
              ) : (
                <>
                  <strong>{t('gallery.issue', { issue: g.issue })}</strong> {g.title}
                </>
              )}
              <span className="cs-tag">{t('gallery.count', { n: g.pictureCount })}</span>
              {!g.active && <span className="cs-tag cs-tag--off">{t('gallery.hidden')}</span>}
            </p>
            <div className="cs-row-actions">
              <button
                type="button"
                className="cs-button"
                aria-pressed={g.id === editing}
                aria-label={`${t('gallery.edit')} ${t('gallery.issue', { issue: g.issue })}`}
                onClick={() => onEdit(g.id)}
              >
                {t('gallery.edit')}
              </button>
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
  const [pictures, setPictures] = useState<GalleryPicture[]>([]);
  const [add, adding] = useAddGalleryMutation();
  const [done, setDone] = useState('');
  const fields = fieldErrors(adding.error);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await add({ gameId, issue: issue.trim(), title: title.trim(), pictures });
    if ('error' in r) return;
    setDone(t('gallery.added', { issue: issue.trim() }));
    setTitle('');
    setPictures([]);
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
      <PictureSetField id={`cs-gallery-new-${gameId}`} pictures={pictures} onChange={setPictures} />
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
        disabled={adding.isLoading || pictures.length === 0 || !issue || !title.trim()}
      >
        {t('gallery.addSubmit')}
      </button>
    </form>
  );
}

/** One issue's set: reorder, caption, add or remove pictures, then save the whole set. */
function SetEditor({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const q = useGalleryQuery(id);
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  return <SetForm id={id} issue={q.data.issue} stored={q.data.pictures} onClose={onClose} />;
}

function SetForm({
  id,
  issue,
  stored,
  onClose,
}: {
  id: number;
  issue: string;
  stored: GalleryPicture[];
  onClose: () => void;
}) {
  const t = useT();
  // What is typed stays here until saved; a refused save keeps it.
  const [pictures, setPictures] = useState(stored);
  const [save, saving] = useSaveGallerySetMutation();
  const [saved, setSaved] = useState(false);
  // On a phone the editor opens below the list: bring it into view, and keyboard focus with it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <form
      className="cs-card"
      aria-labelledby="cs-edit-set"
      onSubmit={async (e) => {
        e.preventDefault();
        setSaved(false);
        const r = await save({ id, pictures });
        if (!('error' in r)) setSaved(true);
      }}
    >
      <h2 id="cs-edit-set" ref={heading} tabIndex={-1}>
        {t('gallery.editTitle', { issue })}
      </h2>
      <PictureSetField
        id={`cs-gallery-set-${id}`}
        pictures={pictures}
        onChange={(next) => {
          setSaved(false);
          setPictures(next);
        }}
      />
      {saving.error && (
        <p className="cs-form-error" role="alert">
          {errorText(saving.error, t)}
        </p>
      )}
      {saved && (
        <p className="cs-ok" role="status">
          {t('gallery.saved')}
        </p>
      )}
      <div className="cs-row-actions">
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={saving.isLoading || pictures.length === 0}
        >
          {t('gallery.save')}
        </button>
        <button type="button" className="cs-button" onClick={onClose}>
          {t('gallery.close')}
        </button>
      </div>
    </form>
  );
}
