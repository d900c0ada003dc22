/** Validation of the sign-in form (plain inputs), in the words of the antd forms' messages. */
import { MEMBER_RULES } from '@kaijiang/domain';

export interface FieldRule {
  label: string;
  required?: boolean;
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
}

export function validateField(value: string, rule: FieldRule): string | null {
  const v = value.trim();
  if (!v) return rule.required ? `请输入${rule.label}` : null;
  if (rule.min && [...v].length < rule.min) return `${rule.label}至少${rule.min}个字符`;
  if (rule.max && [...v].length > rule.max) return `${rule.label}最多${rule.max}个字符`;
  if (rule.pattern && !rule.pattern.test(v))
    return rule.patternMessage ?? `${rule.label}格式不正确`;
  return null;
}

export const RULES = {
  username: {
    label: '用户名',
    required: true,
    min: MEMBER_RULES.username.min,
    max: MEMBER_RULES.username.max,
    pattern: new RegExp(MEMBER_RULES.username.pattern),
    patternMessage: '用户名只能包含字母、数字和下划线',
  },
  password: { label: '密码', required: true, max: MEMBER_RULES.password.max },
} satisfies Record<string, FieldRule>;
