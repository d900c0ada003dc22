import { FormField } from '@/shared/ui/form-field';
import type { useFields } from '../hooks/use-fields';

type Fields<K extends string> = ReturnType<typeof useFields<K>>;

/**
 * The fields of a member form in the order its useFields list names them, each with its label,
 * value, error and view from that one list (the register and profile forms share it).
 */
export function FormFields<K extends string>({ f }: { f: Fields<K> }) {
  return f.keys.map((key) => {
    const { label, view } = f.specs[key];
    return (
      <FormField
        key={key}
        id={f.idOf(key)}
        label={label}
        name={key}
        value={f.values[key]}
        onChange={f.set(key)}
        onBlur={f.blur(key)}
        error={f.errors[key] ?? null}
        autoComplete={view?.autoComplete ?? 'off'}
        {...view}
      />
    );
  });
}
