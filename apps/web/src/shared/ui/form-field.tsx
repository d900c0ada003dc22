import { useId, type ReactNode } from 'react';
import './form-field.css';

/**
 * The one text field of every visitor form: a label above, a boxed input, help in small grey
 * under it and an error in red in its place. Placeholders are examples, never the only label.
 */
export function FormField({
  id: givenId,
  label,
  optional,
  name,
  type = 'text',
  value,
  error,
  autoComplete,
  onChange,
  onBlur,
  placeholder,
  help,
  inputMode,
  maxLength,
}: {
  id?: string;
  label: string;
  /** Shown after the label in lighter type, e.g. 「选填」. */
  optional?: string;
  name: string;
  type?: 'text' | 'password' | 'tel';
  value: string;
  error: string | null;
  autoComplete: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  help?: ReactNode;
  inputMode?: 'numeric' | 'tel' | 'text';
  maxLength?: number;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const described = error ? errorId : help ? helpId : undefined;
  return (
    <div className="kj-field kj-field--box">
      <label htmlFor={id}>
        {label}
        {optional ? <span className="kj-field__optional">{optional}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      {error ? (
        <span id={errorId} className="kj-field__error">
          {error}
        </span>
      ) : help ? (
        <span id={helpId} className="kj-field__help">
          {help}
        </span>
      ) : null}
    </div>
  );
}

/** A failure of the whole form (the server's words), above its fields. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="kj-form__alert" role="alert">
      {children}
    </p>
  );
}
