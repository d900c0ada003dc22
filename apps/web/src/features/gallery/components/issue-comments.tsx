import { GALLERY_COMMENT_MAX, type GalleryComment } from '@kaijiang/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { CallError } from '@/shared/api/base-query';
import { errorText } from '@/shared/api/paged-list';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { useGalleryCommentsInfiniteQuery } from '../api/issue-comments';
import { useGalleryCommentMutation } from '../api/post-comment';
import { galleryWords, type GalleryWords } from '../model/words';

/** The server's refusal in the visitor's words: the chat's codes (docs/architecture.md, chat). */
export function commentErrorText(error: unknown, w: GalleryWords): string {
  const e = error as Partial<CallError> | undefined;
  if (e?.code === 'CHAT/MUTED') return w.errMuted;
  if (e?.code === 'CHAT/BLOCKED_WORD') return w.errWord;
  if (e?.status === 429) return w.errRate;
  if (e?.status === 401 || e?.code === 'UC/UNAUTHORIZED') return w.errSignIn;
  return errorText(error);
}

/** An issue's comments, newest first; members write, visitors are led to sign in. */
export function IssueComments({
  seriesId,
  issue,
  count,
}: {
  seriesId: number;
  issue: string;
  count: number;
}) {
  const w = useMessages(galleryWords);
  const signedIn = useAppSelector(selectSignedIn);
  const location = useLocation();
  const arg = { seriesId, issue };
  const query = useGalleryCommentsInfiniteQuery(arg);
  const [post, posting] = useGalleryCommentMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [mine, setMine] = useState<GalleryComment[]>([]);
  const pages = query.data?.pages;
  const items = useMemo(() => {
    const seen = new Set<number>();
    return [...mine, ...(pages ?? []).flatMap((p) => p.items)].filter(
      (c) => !seen.has(c.id) && seen.add(c.id),
    );
  }, [mine, pages]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return setProblem(w.commentEmpty);
    if (body.length > GALLERY_COMMENT_MAX)
      return setProblem(format(w.commentTooLong, { max: GALLERY_COMMENT_MAX }));
    setProblem(null);
    try {
      const added = await post({ ...arg, text: body }).unwrap();
      setMine((m) => [added, ...m]);
      setText('');
    } catch (error) {
      setProblem(commentErrorText(error, w));
    }
  };

  const here = location.pathname + location.search;
  return (
    <section className="kj-card kj-gallery-comments" aria-labelledby="kj-gallery-comments-title">
      <h3 id="kj-gallery-comments-title" className="kj-gallery-comments__title">
        {w.commentsTitle}{' '}
        <span className="kj-gallery-head__meta">{Math.max(count, items.length)}</span>
      </h3>
      {signedIn ? (
        <form className="kj-gallery-comment-form" onSubmit={(e) => void submit(e)}>
          <label className="kj-sr-only" htmlFor="kj-gallery-comment">
            {w.commentLabel}
          </label>
          <textarea
            id="kj-gallery-comment"
            rows={2}
            maxLength={GALLERY_COMMENT_MAX}
            placeholder={format(w.commentPlaceholder, { max: GALLERY_COMMENT_MAX })}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'kj-gallery-comment-problem' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="kj-gallery-comment-form__row">
            <span className="kj-gallery-head__meta" aria-hidden="true">
              {text.length}/{GALLERY_COMMENT_MAX}
            </span>
            <button type="submit" className="kj-button" disabled={posting.isLoading}>
              {posting.isLoading ? w.sending : w.send}
            </button>
          </div>
          {problem ? (
            <p id="kj-gallery-comment-problem" className="kj-gallery-note" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      ) : (
        <AppLink className="kj-button kj-button--ghost" to={paths.login.href(here)}>
          {w.signInToComment}
        </AppLink>
      )}
      {query.isError && !items.length ? (
        <ErrorNotice message={errorText(query.error)} onRetry={query.refetch} />
      ) : items.length ? (
        <ol className="kj-gallery-comment-list">
          {items.map((c) => (
            <li key={c.id}>
              <span className="kj-gallery-comment__who">{c.nickname}</span>
              <time className="kj-gallery-head__meta" dateTime={c.createdAt}>
                {c.createdAt.slice(0, 16).replace('T', ' ')}
              </time>
              <p className="kj-gallery-comment__text">{c.text}</p>
            </li>
          ))}
        </ol>
      ) : query.isSuccess ? (
        <p className="kj-gallery-head__meta">{w.commentsEmpty}</p>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          className="kj-button kj-button--ghost"
          disabled={query.isFetching}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetching ? w.loading : w.olderComments}
        </button>
      ) : null}
    </section>
  );
}
