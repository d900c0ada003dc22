// State of a plain form: values, one error per field, checks on blur and on submit, focus on the
// first field to fix, and the server's field errors put back where they belong.
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { ruleWords } from '../model/rule-words';
import { validateField, type FieldRule } from '../model/validate';

export interface FieldSpec {
  label: string;
  rule: FieldRule;
  /** A check across fields (e.g. the confirmation); a message when it fails. */
  check?: (value: string, values: Record<string, string>) => string | null;
}

/** A field's state and handlers, as FormField takes them. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
}

export function useFields<K extends string>(
  formId: string,
  specs: Record<K, FieldSpec>,
  initial: Record<K, string>,
) {
  const rw = useMessages(ruleWords);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});

  const errorOf = (key: K, all: Record<K, string>): string | null => {
    const spec = specs[key];
    return (
      validateField(all[key], spec.label, spec.rule, rw) ??
      spec.check?.(all[key], all as Record<string, string>) ??
      null
    );
  };

  const keys = Object.keys(specs) as K[];
  const idOf = (key: K) => `${formId}-${key}`;
  const set = (key: K) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A field being fixed loses its error as soon as it is right.
    if (errors[key]) setErrors((e) => ({ ...e, [key]: errorOf(key, { ...values, [key]: value }) }));
  };
  const blur = (key: K) => () => {
    if (values[key]) setErrors((e) => ({ ...e, [key]: errorOf(key, values) }));
  };
  return {
    values,
    /** What FormField (shared/ui/form-field.tsx) takes from this state for one field. */
    field: (key: K): FieldProps => ({
      id: idOf(key),
      name: key,
      value: values[key],
      onChange: set(key),
      onBlur: blur(key),
      error: errors[key] ?? null,
    }),
    /** True when every field is right; otherwise shows why and focuses the first to fix. */
    validate(): boolean {
      const next = Object.fromEntries(keys.map((k) => [k, errorOf(k, values)])) as Record<
        K,
        string | null
      >;
      setErrors(next);
      const first = keys.find((k) => next[k]);
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return !first;
    },
    /** The server's field → message map, on the fields this form has. */
    showServerErrors(fields: Record<string, string> | undefined) {
      const mine = Object.entries(fields ?? {}).filter(([k]) => keys.includes(k as K));
      if (mine.length === 0) return;
      setErrors((e) => ({ ...e, ...Object.fromEntries(mine) }));
      document.getElementById(`${formId}-${mine[0]![0]}`)?.focus();
    },
    reset() {
      setValues(initial);
      setErrors({});
    },
  };
}
