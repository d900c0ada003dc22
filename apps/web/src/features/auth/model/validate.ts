/** Validation of the visitor forms, field by field, from the server's own limits. */
import { MEMBER_RULES } from '@kaijiang/domain';
import { format } from '@/shared/i18n';
import type { RuleWords } from './rule-words';

export interface FieldRule {
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  /** Which message a pattern mismatch gets; the generic "format is wrong" otherwise. */
  patternMessage?: keyof RuleWords;
}

/** The templates are rc-field-form's (`${label}`); format() reads `{label}`. */
const fill = (template: string, params: Record<string, string | number>) =>
  format(template.replaceAll('${', '{'), params);

export function validateField(
  value: string,
  label: string,
  rule: FieldRule,
  w: RuleWords,
): string | null {
  const v = value.trim();
  if (!v) return rule.required ? fill(w.required, { label }) : null;
  if (rule.min && [...v].length < rule.min) return fill(w.min, { label, min: rule.min });
  if (rule.max && [...v].length > rule.max) return fill(w.max, { label, max: rule.max });
  if (rule.pattern && !rule.pattern.test(v))
    return fill(w[rule.patternMessage ?? 'mismatch'], { label });
  return null;
}

export const RULES = {
  username: {
    required: true,
    min: MEMBER_RULES.username.min,
    max: MEMBER_RULES.username.max,
    pattern: new RegExp(MEMBER_RULES.username.pattern),
    patternMessage: 'usernamePattern',
  },
  /** Signing in checks only presence: the server decides whether a password is right. */
  password: { required: true, max: MEMBER_RULES.password.max },
  newPassword: {
    required: true,
    min: MEMBER_RULES.password.min,
    max: MEMBER_RULES.password.max,
  },
  required: { required: true },
  nickname: { max: MEMBER_RULES.nickname.max },
  phone: { pattern: new RegExp(MEMBER_RULES.phone.pattern), patternMessage: 'phonePattern' },
} satisfies Record<string, FieldRule>;
