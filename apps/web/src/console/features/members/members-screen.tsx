import type { ConsoleMember } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { Pager } from '../../shared/ui/pager';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import {
  MEMBERS_PAGE,
  MEMBER_SORTS,
  type MemberSort,
  useMembersQuery,
  useMessageMemberMutation,
  useResetMemberPasswordMutation,
  useSetMemberDisabledMutation,
} from './members-api';

export function MembersScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort: MemberSort = (MEMBER_SORTS as readonly string[]).includes(params.get('sort') ?? '')
    ? (params.get('sort') as MemberSort)
    : 'newest';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const list = useMembersQuery({ q, page, sort });
  /** The address keeps the search, the order and the page (a view can be shared). */
  const go = (next: { q?: string; sort?: MemberSort; page?: number }) => {
    const v = { q, sort, page: 1, ...next };
    setParams({
      ...(v.q && { q: v.q }),
      ...(v.sort !== 'newest' && { sort: v.sort }),
      ...(v.page > 1 && { page: String(v.page) }),
    });
  };
  const [open, setOpen] = useState<number | null>(null);

  const search = (e: FormEvent) => {
    e.preventDefault();
    go({ q: typed.trim() });
  };

  return (
    <>
      <h1>{t('nav.members')}</h1>
      <form className="cs-toolbar" role="search" onSubmit={search}>
        <label htmlFor="cs-member-q" className="cs-visually-hidden">
          {t('members.search')}
        </label>
        <input
          id="cs-member-q"
          type="search"
          placeholder={t('members.searchHint')}
          value={typed}
          maxLength={40}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
        <button type="submit" className="cs-button cs-button--primary">
          {t('members.search')}
        </button>
        <label htmlFor="cs-member-sort" className="cs-visually-hidden">
          {t('members.sort')}
        </label>
        <select
          id="cs-member-sort"
          value={sort}
          onChange={(e) => go({ sort: e.currentTarget.value as MemberSort })}
        >
          {MEMBER_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`members.sort.${s}`)}
            </option>
          ))}
        </select>
      </form>
      {list.isLoading ? (
        <Loading />
      ) : list.error || !list.data ? (
        <ErrorBox message={errorText(list.error, t)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty>{q ? t('members.noMatch', { q }) : t('members.none')}</Empty>
      ) : (
        <>
          <p className="cs-muted" aria-live="polite">
            {t('members.count', { n: list.data.total })}
          </p>
          <div className="cs-table-wrap">
            <table className="cs-table cs-table--cards">
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">{t('members.username')}</th>
                  <th scope="col">{t('members.nickname')}</th>
                  <th scope="col">{t('members.phone')}</th>
                  <th scope="col">{t('members.joined')}</th>
                  <th scope="col">{t('members.state')}</th>
                  <th scope="col">{t('members.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((m) => (
                  <MemberRow
                    key={m.id}
                    m={m}
                    open={open === m.id}
                    onToggle={() => setOpen(open === m.id ? null : m.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={Math.ceil(list.data.total / MEMBERS_PAGE)}
            onPage={(p) => go({ page: p })}
          />
        </>
      )}
    </>
  );
}

function MemberRow({
  m,
  open,
  onToggle,
}: {
  m: ConsoleMember;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const [setDisabled, disabling] = useSetMemberDisabledMutation();
  const [reset, resetting] = useResetMemberPasswordMutation();
  return (
    <>
      <tr>
        <td data-label="ID">{m.id}</td>
        <th scope="row">
          {m.username}
          {m.chatRole === 'moderator' && <span className="cs-tag">{t('members.chatMod')}</span>}
        </th>
        <td data-label={t('members.nickname')}>{m.nickname || '—'}</td>
        <td data-label={t('members.phone')}>{m.phone || '—'}</td>
        <td data-label={t('members.joined')} className="cs-nowrap">
          {formatTime(m.createdAt)}
        </td>
        <td data-label={t('members.state')}>
          {m.disabled ? (
            <span className="cs-tag cs-tag--off">{t('members.disabled')}</span>
          ) : (
            t('members.active')
          )}
        </td>
        <td className="cs-row-actions">
          <button
            type="button"
            className="cs-button"
            disabled={disabling.isLoading}
            onClick={() => {
              if (m.disabled || window.confirm(t('members.disableConfirm', { name: m.username }))) {
                void setDisabled({ id: m.id, disabled: !m.disabled });
              }
            }}
          >
            {m.disabled ? t('members.enable') : t('members.disable')}
          </button>
          <button
            type="button"
            className="cs-button"
            disabled={resetting.isLoading}
            onClick={() => {
              if (window.confirm(t('members.resetConfirm', { name: m.username }))) void reset(m.id);
            }}
          >
            {t('members.reset')}
          </button>
          <button type="button" className="cs-button" aria-expanded={open} onClick={onToggle}>
            {t('members.write')}
          </button>
        </td>
      </tr>
      {(resetting.data || resetting.error || disabling.error) && (
        <tr className="cs-row-note">
          <td colSpan={7} role="status">
            {resetting.data && (
              <>
                {t('members.tempPassword')}{' '}
                <code className="cs-secret">{resetting.data.temporaryPassword}</code>
              </>
            )}
            {(resetting.error || disabling.error) && (
              <span className="cs-form-error">
                {errorText(resetting.error ?? disabling.error, t)}
              </span>
            )}
          </td>
        </tr>
      )}
      {open && (
        <tr className="cs-row-note">
          <td colSpan={7}>
            <MessageForm id={m.id} name={m.username} onSent={onToggle} />
          </td>
        </tr>
      )}
    </>
  );
}

function MessageForm({ id, name, onSent }: { id: number; name: string; onSent: () => void }) {
  const t = useT();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [send, state] = useMessageMemberMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await send({ id, title: title.trim(), content: content.trim() });
    if (!('error' in r)) onSent();
  };
  return (
    <form className="cs-inline-form" onSubmit={submit} aria-label={t('members.writeTo', { name })}>
      <div className="cs-field">
        <label htmlFor={`cs-msg-title-${id}`}>{t('members.msgTitle')}</label>
        <input
          id={`cs-msg-title-${id}`}
          required
          maxLength={100}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
        />
      </div>
      <div className="cs-field">
        <label htmlFor={`cs-msg-body-${id}`}>{t('members.msgBody')}</label>
        <textarea
          id={`cs-msg-body-${id}`}
          required
          maxLength={2000}
          rows={3}
          value={content}
          onChange={(e) => setContent(e.currentTarget.value)}
        />
      </div>
      {state.error && (
        <p className="cs-form-error" role="alert">
          {errorText(state.error, t)}
        </p>
      )}
      <button
        type="submit"
        className="cs-button cs-button--primary"
        disabled={state.isLoading || !title.trim() || !content.trim()}
      >
        {t('members.send')}
      </button>
    </form>
  );
}
