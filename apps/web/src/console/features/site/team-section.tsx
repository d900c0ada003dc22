import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { SaveStatus } from '../../shared/ui/save-status';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { useSaveTeamRowsMutation, useTeamRowsQuery, type TeamRow } from './site-api';

/** The partner programme (合作条件): tiers in order, each with its requirement and benefit. */
export function TeamSection() {
  const t = useT();
  const q = useTeamRowsQuery();
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  return (
    <TeamForm
      initial={q.data.map(({ tier, requirement, benefit }) => ({ tier, requirement, benefit }))}
    />
  );
}

function TeamForm({ initial }: { initial: TeamRow[] }) {
  const t = useT();
  const [rows, setRows] = useState(initial);
  const [save, saving] = useSaveTeamRowsMutation();
  const set = (i: number, k: keyof TeamRow, v: string) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  const complete = rows.every((r) => r.tier.trim() && r.requirement.trim() && r.benefit.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(
      rows.map((r) => ({
        tier: r.tier.trim(),
        requirement: r.requirement.trim(),
        benefit: r.benefit.trim(),
      })),
    );
  };
  return (
    <form className="cs-card" onSubmit={submit} aria-labelledby="cs-team-title">
      <h2 id="cs-team-title">{t('site.team')}</h2>
      <div className="cs-table-wrap">
        <table className="cs-table cs-table--cards cs-team-table">
          <thead>
            <tr>
              <th scope="col">{t('site.tier')}</th>
              <th scope="col">{t('site.requirement')}</th>
              <th scope="col">{t('site.benefit')}</th>
              <th scope="col">{t('members.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                {(['tier', 'requirement', 'benefit'] as const).map((k) => (
                  <td key={k} data-label={t(`site.${k}`)}>
                    <input
                      aria-label={`${t(`site.${k}`)} ${i + 1}`}
                      maxLength={k === 'tier' ? 100 : 1000}
                      value={r[k]}
                      onChange={(e) => set(i, k, e.currentTarget.value)}
                    />
                  </td>
                ))}
                <td className="cs-row-actions">
                  <button
                    type="button"
                    className="cs-button"
                    disabled={i === 0}
                    aria-label={t('site.up', { name: r.tier })}
                    onClick={() => {
                      const next = [...rows];
                      [next[i - 1], next[i]] = [next[i]!, next[i - 1]!];
                      setRows(next);
                    }}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="cs-button"
                    onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  >
                    {t('site.removeGame')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <button
          type="button"
          className="cs-button"
          disabled={rows.length >= 50}
          onClick={() => setRows([...rows, { tier: '', requirement: '', benefit: '' }])}
        >
          {t('site.addRow')}
        </button>
      </p>
      <SaveStatus saving={saving.isLoading} saved={saving.isSuccess} error={saving.error} />
      <button
        type="submit"
        className="cs-button cs-button--primary"
        disabled={saving.isLoading || !complete}
      >
        {t('site.save')}
      </button>
    </form>
  );
}
