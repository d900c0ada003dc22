import { useMessages } from '@/shared/i18n';
import { profileFieldWords } from '../model/profile-field-words';
import { RULES } from '../model/validate';
import type { FieldSpec } from './use-fields';

/**
 * How useFields checks the nickname and phone (components/profile-fields.tsx shows them): the
 * same rules and labels, so the same messages, on registration and on the details form.
 */
export function useProfileFieldSpecs(): Record<'nickname' | 'phone', FieldSpec> {
  const w = useMessages(profileFieldWords);
  return {
    nickname: { label: w.nickname, rule: RULES.nickname },
    phone: { label: w.phone, rule: RULES.phone },
  };
}
