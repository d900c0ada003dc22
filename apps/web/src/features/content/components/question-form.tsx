import { QUESTION_RULES } from '@kaijiang/domain';
import { useId, useState, type FormEvent } from 'react';
import type { QuestionInput } from '@kaijiang/domain';
import type { CallError } from '@/shared/api/base-query';
import { format, useMessages } from '@/shared/i18n';
import { useSubmitQuestionMutation } from '../api/content-api';
import { questionWords } from '../model/question-words';
import {
  EMPTY_DRAFT,
  serverErrors,
  validateQuestion,
  type QuestionDraft,
  type QuestionErrors,
} from '../model/validate-question';

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'sent' }
  | { kind: 'failed'; message: string | null };

/**
 * The question form. Whatever was typed stays when sending fails, so the visitor only has to
 * press send again.
 */
export function QuestionForm() {
  const w = useMessages(questionWords);
  const [submit] = useSubmitQuestionMutation();
  const send = (input: QuestionInput) => submit(input).unwrap();
  const uid = useId();
  const [draft, setDraft] = useState<QuestionDraft>(EMPTY_DRAFT);
  const [touched, setTouched] = useState(false);
  /** The server's field messages from the last refused send, until the visitor edits. */
  const [refused, setRefused] = useState<unknown>(null);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  // Worked out on each render rather than kept, so the messages follow a change of language.
  const errors: QuestionErrors = !touched
    ? {}
    : refused
      ? serverErrors(refused, w)
      : validateQuestion(draft, w);

  const update = (field: keyof QuestionDraft, value: string) => {
    setDraft({ ...draft, [field]: value });
    setRefused(null);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setRefused(null);
    const found = validateQuestion(draft, w);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${uid}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      await send({
        content: draft.content.trim(),
        ...(draft.name.trim() && { name: draft.name.trim() }),
        ...(draft.contact.trim() && { contact: draft.contact.trim() }),
      });
      setStatus({ kind: 'sent' });
    } catch (error) {
      const failure = error as Partial<CallError>;
      setRefused(failure.data ?? null);
      setStatus({ kind: 'failed', message: failure.message ?? null });
    }
  };

  if (status.kind === 'sent') {
    return (
      <div className="kj-question-done" role="status">
        <p className="kj-question-done__title">{w.sentTitle}</p>
        <p>{w.sentHint}</p>
        <button
          type="button"
          className="kj-button kj-button--ghost"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
            setTouched(false);
            setStatus({ kind: 'editing' });
          }}
        >
          {w.askAnother}
        </button>
      </div>
    );
  }

  const field = (
    key: keyof QuestionDraft,
    label: string,
    opts: { optional?: boolean; max: number; multiline?: boolean; placeholder: string },
  ) => {
    const id = `${uid}-${key}`;
    const error = errors[key];
    const props = {
      id,
      name: key,
      value: draft[key],
      placeholder: opts.placeholder,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => update(key, e.target.value),
    };
    return (
      <div className="kj-field">
        <label htmlFor={id} className="kj-field__label">
          {label}
          {opts.optional ? <span className="kj-field__optional">{w.optional}</span> : null}
        </label>
        {opts.multiline ? (
          <textarea {...props} rows={5} maxLength={opts.max + 50} />
        ) : (
          <input {...props} maxLength={opts.max + 10} autoComplete="off" />
        )}
        {opts.multiline ? (
          <span className="kj-field__count" aria-hidden="true">
            {[...draft[key].trim()].length}/{opts.max}
          </span>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="kj-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="kj-question-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={w.submit}
    >
      {field('content', w.content, {
        max: QUESTION_RULES.content.max,
        multiline: true,
        placeholder: w.contentPlaceholder,
      })}
      {field('name', w.name, {
        optional: true,
        max: QUESTION_RULES.name.max,
        placeholder: w.namePlaceholder,
      })}
      {field('contact', w.contact, {
        optional: true,
        max: QUESTION_RULES.contact.max,
        placeholder: w.contactPlaceholder,
      })}
      {status.kind === 'failed' ? (
        <p className="kj-field__error" role="alert">
          {format(w.failed, { message: status.message ?? w.failedUnknown })}
        </p>
      ) : null}
      <button
        type="submit"
        className="kj-button kj-button--block"
        disabled={status.kind === 'sending'}
      >
        {status.kind === 'sending' ? w.sending : w.submit}
      </button>
    </form>
  );
}
