import { useId } from 'react';

export function TextField({
  id: givenId,
  label,
  name,
  type = 'text',
  value,
  error,
  autoComplete,
  onChange,
  hint,
}: {
  id?: string;
  label: string;
  name: string;
  type?: 'text' | 'password' | 'tel';
  value: string;
  error: string | null;
  autoComplete: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  return (
    <div className="kj-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={hint}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={errorId} className="kj-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
