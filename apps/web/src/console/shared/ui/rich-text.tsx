import { memo, useEffect, useId, useRef, type RefObject } from 'react';
import { useT } from '../i18n';
import type { MessageKey } from '../messages';

interface Tool {
  label: MessageKey;
  /** A document.execCommand name; createLink asks for the address. */
  command: string;
  value?: string;
}

const TOOLS: Tool[] = [
  { label: 'news.bold', command: 'bold' },
  { label: 'news.italic', command: 'italic' },
  { label: 'news.heading', command: 'formatBlock', value: 'h3' },
  { label: 'news.paragraph', command: 'formatBlock', value: 'p' },
  { label: 'news.list', command: 'insertUnorderedList' },
  { label: 'news.link', command: 'createLink' },
  { label: 'news.clear', command: 'removeFormat' },
];

/**
 * A small rich-text field: the browser's own editing (contenteditable) with a toolbar for what an
 * article needs. Its HTML goes to the server, which keeps only what its sanitiser allows; the
 * page's CSP stops any script that a paste might carry from running here.
 */
export function RichText({
  label,
  initialHtml,
  onChange,
  error,
}: {
  label: string;
  /** The article's markup when the editor opens. */
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const t = useT();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // Uncontrolled: the markup goes in once (the article loaded; a new article mounts a new
  // editor), then the editor owns its DOM. Putting a render's value back while the browser is
  // ahead of it (fast typing) would lose characters and move the caret to the start.
  useEffect(() => {
    if (box.current) box.current.innerHTML = initialHtml;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first value only, on purpose
  }, []);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });

  const use = (tool: Tool) => {
    if (tool.command === 'createLink') {
      const url = window.prompt(t('news.linkPrompt'), 'https://');
      if (url && /^https?:\/\/\S+$/.test(url)) run('createLink', url);
      return;
    }
    run(tool.command, tool.value);
  };

  const run = (command: string, value?: string) => {
    box.current?.focus();
    document.execCommand(command, false, value);
    onChange(box.current?.innerHTML ?? '');
  };

  return (
    <div className={`cs-field${error ? ' cs-field--error' : ''}`}>
      <span id={`${id}-label`} className="cs-field__label">
        {label}
      </span>
      <div className="cs-rte">
        <div className="cs-rte__tools" role="toolbar" aria-label={t('news.tools')}>
          {TOOLS.map((tool) => (
            <button
              key={tool.label}
              type="button"
              className="cs-button"
              // Keeps the selection in the text while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => use(tool)}
            >
              {t(tool.label)}
            </button>
          ))}
        </div>
        <Surface
          box={box}
          labelledBy={`${id}-label`}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : undefined}
          onInput={(next) => changed.current(next)}
        />
      </div>
      {error && (
        <p className="cs-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The editable box, rendered once: a render of it would give the browser's editing state (the
 * caret) back to the renderer, which puts the caret at the start after every keystroke.
 */
const Surface = memo(
  function Surface({
    box,
    labelledBy,
    invalid,
    describedBy,
    onInput,
  }: {
    box: RefObject<HTMLDivElement | null>;
    labelledBy: string;
    invalid: boolean;
    describedBy: string | undefined;
    onInput: (html: string) => void;
  }) {
    return (
      <div
        ref={box}
        className="cs-rte__text"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        tabIndex={0}
        onInput={(e) => onInput(e.currentTarget.innerHTML)}
      />
    );
  },
  // Only the error state changes what it shows; the handler reads the latest callback anyway.
  (a, b) => a.invalid === b.invalid && a.describedBy === b.describedBy,
);
