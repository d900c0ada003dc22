import { useId, useState } from 'react';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { copyText } from '@/shared/lib/copy-text';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import { tryCall, type TryResult } from '../api/try-call';
import { OPERATION_WORDS, PARAM_WORDS } from '../model/api-words';
import { apiGuideWords } from '../model/instruct-api-words';
import { buildUrl, type ApiOperation } from '../model/openapi';
import { SNIPPET_LANGS, snippet, type SnippetLang } from '../model/snippets';

const SHOW_CHARS = 6000;

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const w = useMessages(apiGuideWords);
  return (
    <button
      type="button"
      className="kj-copy"
      onClick={() =>
        void copyText(text).then((ok) =>
          ok ? showToast(w.copied, 'success') : showErrorToast(w.copyFailed),
        )
      }
    >
      {label ?? w.copy}
    </button>
  );
}

/** One call of the public API: what it takes, a live try against this server, code to copy. */
export function ApiOperationCard({
  op,
  publicBase,
  apiBase,
  examples,
  open = false,
}: {
  op: ApiOperation;
  /** Shown unfolded (the first call of the list). */
  open?: boolean;
  /** Absolute API base the snippets call, e.g. https://kj.example.com/app-api */
  publicBase: string;
  /** Where this page's own calls go (relative on the web, absolute in the app build). */
  apiBase: string;
  examples: Record<string, string>;
}) {
  const w = useMessages(apiGuideWords);
  const locale = useLocale();
  const uid = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      op.params.map((p) => [
        p.name,
        examples[p.name] ?? (p.default !== undefined ? String(p.default) : ''),
      ]),
    ),
  );
  const [lang, setLang] = useState<SnippetLang>('curl');
  const [result, setResult] = useState<TryResult | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const json = op.produces === 'application/json';
  const path = op.path.replace(/^\/app-api/, '');
  const publicUrl = buildUrl(publicBase, { ...op, path }, values);
  const liveUrl = buildUrl(apiBase, { ...op, path }, values);
  const missing = op.params.filter((p) => p.required && !(values[p.name] ?? '').trim());

  const run = async () => {
    setBusy(true);
    try {
      setResult(await tryCall(liveUrl));
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  const code = snippet(lang, publicUrl, json);
  const words = OPERATION_WORDS[locale][op.path];
  const paramWords = PARAM_WORDS[locale];
  return (
    <details className="kj-api-op" open={open}>
      <summary className="kj-api-op__head">
        <span className="kj-api-op__summary" id={`${uid}-title`}>
          {words?.title ?? op.summary}
        </span>
        <span className="kj-api-op__title">
          <span className="kj-api-op__method">{op.method}</span>
          <code>{op.path.replace(/^\/app-api/, '')}</code>
        </span>
      </summary>
      <p className="kj-api-op__desc">{words?.text ?? op.description ?? op.summary}</p>
      {op.params.length > 0 ? (
        <div className="kj-api-params">
          {op.params.map((p) => (
            <label key={p.name} className="kj-api-param">
              <span className="kj-api-param__name">
                <code>{p.name}</code>
                <small>
                  {p.in === 'path' ? w.inPath : w.inQuery} · {p.type}
                  {` · ${p.required ? w.required : w.optional}`}
                </small>
              </span>
              {p.enum ? (
                <select
                  value={values[p.name]}
                  onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
                >
                  {p.required ? null : <option value="">{w.omitted}</option>}
                  {p.enum.map((v) => (
                    <option key={String(v)} value={String(v)}>
                      {String(v)}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  value={values[p.name] ?? ''}
                  inputMode={p.type === 'integer' ? 'numeric' : undefined}
                  placeholder={p.required ? w.required : w.mayOmit}
                  onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
                />
              )}
              {paramWords[p.name] || p.description || p.constraints.length ? (
                <span className="kj-api-param__note">
                  {[paramWords[p.name] ?? p.description, ...p.constraints]
                    .filter(Boolean)
                    .join('；')}
                </span>
              ) : null}
            </label>
          ))}
        </div>
      ) : null}
      <div className="kj-api-url">
        <code>{publicUrl}</code>
        <CopyButton text={publicUrl} label={w.copyUrl} />
      </div>
      <button
        type="button"
        className="kj-button kj-button--block"
        disabled={busy || missing.length > 0}
        onClick={() => void run()}
      >
        {busy
          ? w.requesting
          : missing.length
            ? format(w.fillIn, { names: missing.map((p) => p.name).join('、') })
            : w.tryIt}
      </button>
      {result ? (
        'error' in result ? (
          <p className="kj-api-result__error" role="alert">
            {format(w.callFailed, { error: result.error })}
          </p>
        ) : (
          <div className="kj-api-result" aria-live="polite">
            <p className="kj-api-result__head">
              HTTP {result.status} · {result.ms} ms · {result.contentType.split(';')[0]}
            </p>
            <pre tabIndex={0} aria-label={w.result}>
              {result.text.length > SHOW_CHARS
                ? `${result.text.slice(0, SHOW_CHARS)}\n${format(w.truncated, { n: result.text.length })}`
                : result.text}
            </pre>
          </div>
        )
      ) : null}
      <div className="kj-api-code">
        <div className="kj-api-code__tabs" role="tablist" aria-label={w.codeLangs}>
          {SNIPPET_LANGS.map((l) => (
            <button
              key={l.lang}
              type="button"
              role="tab"
              aria-selected={l.lang === lang}
              className={
                l.lang === lang ? 'kj-api-code__tab kj-api-code__tab--on' : 'kj-api-code__tab'
              }
              onClick={() => setLang(l.lang)}
            >
              {l.label}
            </button>
          ))}
          <CopyButton text={code} label={w.copyCode} />
        </div>
        <pre className="kj-api-code__body">
          <code>{code}</code>
        </pre>
      </div>
    </details>
  );
}
