import { QUESTION_RULES } from '@kaijiang/domain';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '@/shared/api/api-error';
import type { submitQuestion } from '../api/submit-question';
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
  | { kind: 'failed'; message: string };

/**
 * The question form. Whatever was typed stays when sending fails, so the visitor only has to
 * press send again.
 */
// The POST needs the axios client; it loads when the visitor sends, not with the FAQ.
const sendQuestion: typeof submitQuestion = (input) =>
  import('../api/submit-question').then(({ submitQuestion: send }) => send(input));

export function QuestionForm({ send = sendQuestion }: { send?: typeof submitQuestion }) {
  const uid = useId();
  const [draft, setDraft] = useState<QuestionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [touched, setTouched] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'editing' });

  const update = (field: keyof QuestionDraft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (touched) setErrors(validateQuestion(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    const found = validateQuestion(draft);
    setErrors(found);
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
      if (isApiError(error)) setErrors(serverErrors(error.data));
      setStatus({
        kind: 'failed',
        message: error instanceof Error ? error.message : '提交失败，请稍后重试',
      });
    }
  };

  if (status.kind === 'sent') {
    return (
      <div className="kj-question-done" role="status">
        <p className="kj-question-done__title">问题已提交</p>
        <p>我们会尽快处理。留了联系方式的，客服会通过它回复你。</p>
        <button
          type="button"
          className="kj-button kj-button--ghost"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
            setTouched(false);
            setStatus({ kind: 'editing' });
          }}
        >
          再问一个
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
          {opts.optional ? <span className="kj-field__optional">（选填）</span> : null}
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
      aria-label="提交问题"
    >
      {field('content', '问题内容', {
        max: QUESTION_RULES.content.max,
        multiline: true,
        placeholder: '请描述你遇到的问题，例如哪个彩种、哪一期、在哪个页面',
      })}
      {field('name', '称呼', {
        optional: true,
        max: QUESTION_RULES.name.max,
        placeholder: '怎么称呼你',
      })}
      {field('contact', '联系方式', {
        optional: true,
        max: QUESTION_RULES.contact.max,
        placeholder: '邮箱、微信或 Telegram，方便回复你',
      })}
      {status.kind === 'failed' ? (
        <p className="kj-field__error" role="alert">
          提交失败：{status.message}。你填写的内容已保留，可以直接重新提交。
        </p>
      ) : null}
      <button
        type="submit"
        className="kj-button kj-button--block"
        disabled={status.kind === 'sending'}
      >
        {status.kind === 'sending' ? '提交中…' : '提交问题'}
      </button>
    </form>
  );
}
