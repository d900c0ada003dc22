// Field rules of the auth forms, taken from the server's own limits (domain MEMBER_RULES), and the
// default messages of spec §5 in the visitor's language. min and max are separate rules on
// purpose: together rc-field-form would report a "range" message instead of "至少 ${min} 个字符".
import { MEMBER_RULES } from '@kaijiang/domain';
import type { Rule, ValidateMessages } from 'antd-mobile/es/components/form';
import { LOCALES, useLocale, type Locale } from '@/shared/i18n';
import { ruleWords, type RuleWords } from './rule-words';

type FieldName = 'username' | 'password' | 'loginPassword' | 'nickname' | 'phone' | 'avatar';

export interface FormRules {
  /** 'Please enter ${label}' and '${label} must be at least ${min} characters'. */
  messages: ValidateMessages;
  fields: Record<FieldName, Rule[]>;
}

const R = MEMBER_RULES;

function build(w: RuleWords): FormRules {
  return {
    messages: {
      required: w.required,
      string: { min: w.min, max: w.max },
      pattern: { mismatch: w.mismatch },
    },
    fields: {
      username: [
        { required: true },
        { type: 'string', min: R.username.min },
        { type: 'string', max: R.username.max },
        { pattern: new RegExp(R.username.pattern), message: w.usernamePattern },
      ],
      password: [
        { required: true },
        { type: 'string', min: R.password.min },
        { type: 'string', max: R.password.max },
      ],
      /** Signing in checks only presence: the server decides whether a password is right. */
      loginPassword: [{ required: true }, { type: 'string', max: R.password.max }],
      nickname: [{ type: 'string', max: R.nickname.max }],
      phone: [{ pattern: new RegExp(`^$|${R.phone.pattern}`), message: w.phonePattern }],
      avatar: [
        { type: 'string', max: R.avatar.max },
        {
          pattern: /^$|^(https?:\/\/|\/sys-upload\/|\/cloud-upload\/)[^\s"'<>\\]*$/,
          message: w.avatarPattern,
        },
      ],
    },
  };
}

// Built once per language: the forms compare rules and messages by identity between renders.
const BY_LOCALE = Object.fromEntries(LOCALES.map((l) => [l, build(ruleWords[l])])) as Record<
  Locale,
  FormRules
>;

export function formRules(locale: Locale): FormRules {
  return BY_LOCALE[locale];
}

export function useFormRules(): FormRules {
  return formRules(useLocale());
}
