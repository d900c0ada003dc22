import { useId, useState, type FormEvent } from 'react';
import { normaliseApiUrl } from '@/shared/config/runtime-config';
import { storage } from '@/shared/storage/storage';

/**
 * App build only: the API address the shell talks to (spec §5). Required; '/app-api' is appended
 * when missing. The page reloads so every client starts over on the new address.
 */
export function ApiAddressForm({
  labels,
  reload = () => window.location.reload(),
}: {
  labels: { title: string; missing: string; invalid: string; save: string; hint: string };
  reload?: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(() => storage.get('apiUrl') ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    let url: string;
    try {
      url = normaliseApiUrl(value);
    } catch {
      // normaliseApiUrl says 'api url is missing'; the visitor reads it in their own language.
      setError(labels.missing);
      document.getElementById(id)?.focus();
      return;
    }
    if (!/^https?:\/\/[^\s/]+/i.test(url) && !url.startsWith('/')) {
      setError(labels.invalid);
      return;
    }
    storage.set('apiUrl', url);
    setValue(url);
    setError(null);
    reload();
  }

  return (
    <form className="kj-setting-form" onSubmit={submit} noValidate>
      <div className="kj-setting-field">
        <label htmlFor={id}>{labels.title}</label>
        <input
          id={id}
          name="apiUrl"
          type="url"
          inputMode="url"
          value={value}
          placeholder="https://api.example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) => setValue(e.target.value)}
        />
        {error ? (
          <span id={`${id}-error`} className="kj-setting-error" role="alert">
            {error}
          </span>
        ) : (
          <span id={`${id}-hint`} className="kj-setting-hint">
            {labels.hint}
          </span>
        )}
      </div>
      <button type="submit" className="kj-button kj-button--block">
        {labels.save}
      </button>
    </form>
  );
}
