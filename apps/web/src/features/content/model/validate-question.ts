import { QUESTION_RULES } from '@kaijiang/domain';
import { format, getLocale } from '@/shared/i18n';
import { questionWords, type QuestionWords } from './question-words';

export interface QuestionDraft {
  name: string;
  contact: string;
  content: string;
}

export type QuestionErrors = Partial<Record<keyof QuestionDraft, string>>;

export const EMPTY_DRAFT: QuestionDraft = { name: '', contact: '', content: '' };

/** Characters as a reader counts them (an emoji is one), not UTF-16 units. */
const length = (s: string) => [...s.trim()].length;

/** The same limits the server checks, in the form's words (spec §5: "Please enter ${label}"). */
export function validateQuestion(
  d: QuestionDraft,
  w: QuestionWords = questionWords[getLocale()],
): QuestionErrors {
  const errors: QuestionErrors = {};
  const tooLong = (label: string, max: number) => format(w.tooLong, { label, max });
  const content = length(d.content);
  if (content === 0) errors.content = format(w.required, { label: w.content });
  else if (content < QUESTION_RULES.content.min) {
    errors.content = format(w.tooShort, { label: w.content, min: QUESTION_RULES.content.min });
  } else if (d.content.length > QUESTION_RULES.content.max) {
    errors.content = tooLong(w.content, QUESTION_RULES.content.max);
  }
  if (d.name.trim().length > QUESTION_RULES.name.max) {
    errors.name = tooLong(w.name, QUESTION_RULES.name.max);
  }
  if (d.contact.trim().length > QUESTION_RULES.contact.max) {
    errors.contact = tooLong(w.contact, QUESTION_RULES.contact.max);
  }
  return errors;
}

/**
 * Server field messages (REQ/INVALID data) mapped onto the form's fields. The server's message
 * comes in its own words; only the field's label follows the visitor's language.
 */
export function serverErrors(
  data: unknown,
  w: QuestionWords = questionWords[getLocale()],
): QuestionErrors {
  if (!data || typeof data !== 'object') return {};
  const out: QuestionErrors = {};
  for (const key of ['name', 'contact', 'content'] as const) {
    const msg = (data as Record<string, unknown>)[key];
    if (typeof msg === 'string') out[key] = `${w[key]}${msg}`;
  }
  return out;
}
