import {
  OPERATOR_ROLES,
  type EnrolLink,
  type OperatorInfo,
  type OperatorRole,
} from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { useSessionQuery } from '../../shared/session-api';
import { Field } from '../../shared/ui/field';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { EnrolLinkBox } from './enrol-link-box';
import {
  useAddOperatorMutation,
  useChangeOperatorMutation,
  useIssueEnrolLinkMutation,
  useOperatorsQuery,
} from './operators-api';

export function OperatorsScreen() {
  const t = useT();
  const list = useOperatorsQuery();
  const me = useSessionQuery().data?.operator.id;
  return (
    <>
      <h1>{t('nav.operators')}</h1>
      <div className="cs-split">
        <section className="cs-card" aria-labelledby="cs-ops-title">
          <h2 id="cs-ops-title">{t('ops.list')}</h2>
          {list.isLoading ? (
            <Loading />
          ) : list.error || !list.data ? (
            <ErrorBox message={errorText(list.error, t)} onRetry={() => void list.refetch()} />
          ) : (
            <div className="cs-table-wrap">
              <table className="cs-table cs-table--cards">
                <thead>
                  <tr>
                    <th scope="col">{t('signin.username')}</th>
                    <th scope="col">{t('ops.role')}</th>
                    <th scope="col">{t('ops.totp')}</th>
                    <th scope="col">{t('ops.created')}</th>
                    <th scope="col">{t('members.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.map((o) => (
                    <OperatorRow key={o.id} o={o} self={o.id === me} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <AddOperator />
      </div>
    </>
  );
}

function OperatorRow({ o, self }: { o: OperatorInfo; self: boolean }) {
  const t = useT();
  const { guard } = useReauth();
  const [change, state] = useChangeOperatorMutation();
  const [issue, issued] = useIssueEnrolLinkMutation();
  const [link, setLink] = useState<EnrolLink | null>(null);
  const run = (patch: Parameters<typeof change>[0]) =>
    guard(() => change(patch).unwrap()).catch(() => undefined);
  return (
    <tr>
      <th scope="row">
        {o.username}
        {o.disabled && <span className="cs-tag cs-tag--off">{t('members.disabled')}</span>}
      </th>
      <td data-label={t('ops.role')}>
        <label className="cs-visually-hidden" htmlFor={`cs-role-${o.id}`}>
          {t('ops.roleOf', { name: o.username })}
        </label>
        <select
          id={`cs-role-${o.id}`}
          value={o.role}
          disabled={self || state.isLoading}
          onChange={(e) => void run({ id: o.id, role: e.currentTarget.value as OperatorRole })}
        >
          {OPERATOR_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`role.${r}`)}
            </option>
          ))}
        </select>
      </td>
      <td data-label={t('ops.totp')}>{o.totp ? t('ops.totpOn') : t('ops.totpOff')}</td>
      <td data-label={t('ops.created')} className="cs-nowrap">
        {formatTime(o.createdAt)}
      </td>
      <td className="cs-row-actions">
        {!self && (
          <button
            type="button"
            className="cs-button"
            onClick={() => void run({ id: o.id, disabled: !o.disabled })}
          >
            {o.disabled ? t('members.enable') : t('members.disable')}
          </button>
        )}
        {o.totp && (
          <button
            type="button"
            className="cs-button"
            onClick={() => {
              if (window.confirm(t('ops.resetTotpConfirm', { name: o.username })))
                void run({ id: o.id, resetTotp: true });
            }}
          >
            {t('ops.resetTotp')}
          </button>
        )}
        {!o.totp && !o.disabled && (
          <button
            type="button"
            className="cs-button"
            onClick={() => void guard(() => issue(o.id).unwrap()).then(setLink, () => undefined)}
          >
            {t('ops.linkIssue')}
          </button>
        )}
        {link && <EnrolLinkBox name={o.username} link={link} onClose={() => setLink(null)} />}
        {(state.error ?? issued.error) && (
          <span className="cs-form-error" role="alert">
            {errorText(state.error ?? issued.error, t)}
          </span>
        )}
      </td>
    </tr>
  );
}

function AddOperator() {
  const t = useT();
  const { guard } = useReauth();
  const [add, state] = useAddOperatorMutation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OperatorRole>('editor');
  const [done, setDone] = useState('');
  const [added, setAdded] = useState<{ name: string; link: EnrolLink } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const o = await guard(() => add({ username: username.trim(), password, role }).unwrap());
      setDone(t('ops.added', { name: o.username }));
      setAdded({ name: o.username, link: o.enrol });
      setUsername('');
      setPassword('');
    } catch {
      // Shown below the form; what was typed stays.
    }
  };
  const fields = fieldErrors(state.error);
  return (
    <section className="cs-card" aria-labelledby="cs-add-op-title">
      <h2 id="cs-add-op-title">{t('ops.add')}</h2>
      <form onSubmit={submit}>
        <Field
          label={t('signin.username')}
          autoComplete="off"
          required
          maxLength={32}
          value={username}
          error={fields.username}
          onChange={(e) => setUsername(e.currentTarget.value)}
        />
        <Field
          label={t('ops.password')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          error={fields.password}
          hint={t('ops.passwordHint')}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <div className="cs-field">
          <label htmlFor="cs-new-role">{t('ops.role')}</label>
          <select
            id="cs-new-role"
            value={role}
            onChange={(e) => setRole(e.currentTarget.value as OperatorRole)}
          >
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        </div>
        {state.error && !fields.username && !fields.password && (
          <p className="cs-form-error" role="alert">
            {errorText(state.error, t)}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        {added && (
          <EnrolLinkBox name={added.name} link={added.link} onClose={() => setAdded(null)} />
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={state.isLoading || !username || !password}
        >
          {t('ops.addSubmit')}
        </button>
      </form>
    </section>
  );
}
