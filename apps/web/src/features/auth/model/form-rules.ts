// Field rules of the auth forms, taken from the server's own limits (domain MEMBER_RULES), and the
// default messages of spec §5 in Chinese. min and max are separate rules on purpose: together
// rc-field-form would report a "range" message instead of "至少 ${min} 个字符".
import { MEMBER_RULES } from '@kaijiang/domain';
import type { Rule, ValidateMessages } from 'antd-mobile/es/components/form';

/** 'Please enter ${label}' and '${label} must be at least ${min} characters', in Chinese. */
export const validateMessages: ValidateMessages = {
  required: '请输入${label}',
  string: {
    min: '${label}至少${min}个字符',
    max: '${label}最多${max}个字符',
  },
  pattern: { mismatch: '${label}格式不正确' },
};

const R = MEMBER_RULES;

export const FIELD_RULES: Record<
  'username' | 'password' | 'loginPassword' | 'nickname' | 'phone' | 'avatar',
  Rule[]
> = {
  username: [
    { required: true },
    { type: 'string', min: R.username.min },
    { type: 'string', max: R.username.max },
    { pattern: new RegExp(R.username.pattern), message: '${label}只能包含字母、数字和下划线' },
  ],
  password: [
    { required: true },
    { type: 'string', min: R.password.min },
    { type: 'string', max: R.password.max },
  ],
  /** Signing in checks only presence: the server decides whether a password is right. */
  loginPassword: [{ required: true }, { type: 'string', max: R.password.max }],
  nickname: [{ type: 'string', max: R.nickname.max }],
  phone: [{ pattern: new RegExp(`^$|${R.phone.pattern}`), message: '请输入正确的${label}' }],
  avatar: [
    { type: 'string', max: R.avatar.max },
    {
      pattern: /^$|^(https?:\/\/|\/sys-upload\/|\/cloud-upload\/)[^\s"'<>\\]*$/,
      message: '${label}须以 http(s):// 或 /sys-upload/ 开头',
    },
  ],
};
