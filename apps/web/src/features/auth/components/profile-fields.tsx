import { useMessages } from '@/shared/i18n';
import { FormField } from '@/shared/ui/form-field';
import type { FieldProps } from '../hooks/use-fields';
import { profileFieldWords } from '../model/profile-field-words';

/**
 * The optional nickname and phone of registration and of the details form, checked by the specs
 * of hooks/use-profile-field-specs.ts. `field` is the form's useFields `field`; the details form
 * adds what an empty nickname means, which registration leaves unsaid.
 */
export function ProfileFields({
  field,
  nicknameHelp,
}: {
  field: (key: 'nickname' | 'phone') => FieldProps;
  nicknameHelp?: boolean;
}) {
  const w = useMessages(profileFieldWords);
  return (
    <>
      <FormField
        {...field('nickname')}
        label={w.nickname}
        optional={w.optional}
        autoComplete="nickname"
        placeholder={w.nicknamePlaceholder}
        help={nicknameHelp ? w.nicknameHelp : undefined}
      />
      <FormField
        {...field('phone')}
        label={w.phone}
        optional={w.optional}
        type="tel"
        autoComplete="tel"
        placeholder={w.phonePlaceholder}
      />
    </>
  );
}
