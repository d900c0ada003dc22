import { defineMessages } from '@/shared/i18n';

/**
 * Field messages in rc-field-form's template syntax (`${label}`, `${min}`), so the antd forms take
 * them as they are; the plain sign-in form fills the same templates (validate.ts).
 */
export const ruleWords = defineMessages({
  'zh-Hans': {
    required: '请输入${label}',
    min: '${label}至少${min}个字符',
    max: '${label}最多${max}个字符',
    mismatch: '${label}格式不正确',
    usernamePattern: '${label}只能包含字母、数字和下划线',
    phonePattern: '请输入正确的${label}',
    avatarPattern: '${label}须以 http(s):// 或 /sys-upload/ 开头',
    confirmMismatch: '两次输入的新密码不一致',
  },
  'zh-Hant': {
    required: '請輸入${label}',
    min: '${label}至少${min}個字符',
    max: '${label}最多${max}個字符',
    mismatch: '${label}格式不正確',
    usernamePattern: '${label}只能包含字母、數字和底線',
    phonePattern: '請輸入正確的${label}',
    avatarPattern: '${label}須以 http(s):// 或 /sys-upload/ 開頭',
    confirmMismatch: '兩次輸入的新密碼不一致',
  },
});

export type RuleWords = (typeof ruleWords)['zh-Hans'];
