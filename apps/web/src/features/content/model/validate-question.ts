import { QUESTION_RULES } from '@kaijiang/domain';

export interface QuestionDraft {
  name: string;
  contact: string;
  content: string;
}

export type QuestionErrors = Partial<Record<keyof QuestionDraft, string>>;

export const EMPTY_DRAFT: QuestionDraft = { name: '', contact: '', content: '' };

const LABELS: Record<keyof QuestionDraft, string> = {
  name: '称呼',
  contact: '联系方式',
  content: '问题内容',
};

/** Characters as a reader counts them (an emoji is one), not UTF-16 units. */
const length = (s: string) => [...s.trim()].length;

/** The same limits the server checks, in the form's words (spec §5: "Please enter ${label}"). */
export function validateQuestion(d: QuestionDraft): QuestionErrors {
  const errors: QuestionErrors = {};
  const content = length(d.content);
  if (content === 0) errors.content = `请输入${LABELS.content}`;
  else if (content < QUESTION_RULES.content.min) {
    errors.content = `${LABELS.content}至少 ${QUESTION_RULES.content.min} 个字`;
  } else if (d.content.length > QUESTION_RULES.content.max) {
    errors.content = `${LABELS.content}不能超过 ${QUESTION_RULES.content.max} 个字`;
  }
  if (d.name.trim().length > QUESTION_RULES.name.max) {
    errors.name = `${LABELS.name}不能超过 ${QUESTION_RULES.name.max} 个字`;
  }
  if (d.contact.trim().length > QUESTION_RULES.contact.max) {
    errors.contact = `${LABELS.contact}不能超过 ${QUESTION_RULES.contact.max} 个字`;
  }
  return errors;
}

/** Server field messages (REQ/INVALID data) mapped onto the form's fields. */
export function serverErrors(data: unknown): QuestionErrors {
  if (!data || typeof data !== 'object') return {};
  const out: QuestionErrors = {};
  for (const key of ['name', 'contact', 'content'] as const) {
    const msg = (data as Record<string, unknown>)[key];
    if (typeof msg === 'string') out[key] = `${LABELS[key]}${msg}`;
  }
  return out;
}
