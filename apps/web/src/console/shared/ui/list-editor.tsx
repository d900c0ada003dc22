import type { Key, ReactNode } from 'react';
import { errorText } from '../error-text';
import { useT } from '../i18n';
import { Empty, ErrorBox, Loading } from './status';

interface Props<T> {
  /** Names the section's heading (`cs-{id}-title`), which labels the section. */
  id: string;
  title: string;
  /** A line under the title saying what the list is for. */
  hint?: ReactNode;
  /** Said when the list has no rows yet. */
  empty: string;
  /** The heading over the form that adds a row. */
  addTitle: string;
  /** The list as its RTK Query hook answers it. */
  list: { isLoading: boolean; error?: unknown; data?: readonly T[]; refetch: () => unknown };
  keyOf: (row: T) => Key;
  /** A row's own form (save, delete), or with no row the form that adds one. */
  form: (row?: T) => ReactNode;
}

/**
 * The console's CRUD section (FAQs, notices, …): the list loading, failing with a retry, empty,
 * or one form per row, then the form that adds a row. Each section brings only its own form.
 */
export function ListEditor<T>({ id, title, hint, empty, addTitle, list, keyOf, form }: Props<T>) {
  const t = useT();
  if (list.isLoading) return <Loading />;
  if (list.error || !list.data)
    return <ErrorBox message={errorText(list.error, t)} onRetry={() => void list.refetch()} />;
  return (
    <section className="cs-card" aria-labelledby={`cs-${id}-title`}>
      <h2 id={`cs-${id}-title`}>{title}</h2>
      {hint && <p className="cs-muted">{hint}</p>}
      {list.data.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className="cs-rows">
          {list.data.map((row) => (
            <li key={keyOf(row)}>{form(row)}</li>
          ))}
        </ul>
      )}
      <h3>{addTitle}</h3>
      {form()}
    </section>
  );
}
