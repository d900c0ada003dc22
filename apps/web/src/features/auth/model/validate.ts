/** Field rules of DESIGN §4 with the spec's default message shapes ("请输入${label}", "至少${min}个字符"). */
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
  if (rule.min && v.length < rule.min) return `${rule.label}至少${rule.min}个字符`;
  if (rule.max && v.length > rule.max) return `${rule.label}最多${rule.max}个字符`;
  if (rule.pattern && !rule.pattern.test(v))
    return rule.patternMessage ?? `${rule.label}格式不正确`;
  return null;
}

export const RULES = {
  username: {
    label: '用户名',
    required: true,
    min: 4,
    max: 16,
    pattern: /^[A-Za-z0-9_]+$/,
    patternMessage: '用户名只能包含字母、数字和下划线',
  },
  password: { label: '密码', required: true, min: 8, max: 64 },
  nickname: { label: '昵称', max: 32 },
  phone: { label: '手机号', pattern: /^\+?[0-9\s-]{6,20}$/, patternMessage: '请输入正确的手机号' },
} satisfies Record<string, FieldRule>;
