// antd-mobile Form with the spec's default messages, an announced error summary and the server's
// field errors put back on their fields. Loaded only with the auth screens' chunks.
import { useState, type ReactNode } from 'react';
import Form from 'antd-mobile/es/components/form';
import { format, useMessages } from '@/shared/i18n';
import { useFormRules } from '../model/form-rules';
import { authWords } from '../model/words';
import type { AuthFailure } from '../model/auth-slice';

export { Form };

/** What Form.useForm() gives (the kit's exported FormInstance is a narrower pick of it). */
type FormInstance = ReturnType<typeof Form.useForm>[0];
export { default as Input } from 'antd-mobile/es/components/input';

interface FieldError {
  name: (string | number)[];
  errors: string[];
}

/** Moves keyboard and screen-reader focus to the first field the visitor must fix. */
function focusField(formName: string, field: string | number | undefined): void {
  if (field === undefined) return;
  document.getElementById(`${formName}_${String(field)}`)?.focus();
}

export function AccountForm<T extends object>({
  name,
  form,
  onFinish,
  alert,
  submitLabel,
  busyLabel,
  busy,
  children,
}: {
  /** Prefixes every field id (`${name}_${field}`), so labels point at their inputs. */
  name: string;
  form: FormInstance;
  onFinish: (values: T) => void | Promise<void>;
  /** A failure of the last submit (the server's words), shown above the fields. */
  alert: string | null;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  children: ReactNode;
}) {
  const [summary, setSummary] = useState<string | null>(null);
  const w = useMessages(authWords);
  const { messages } = useFormRules();
  const shown = summary ?? alert;
  return (
    <Form
      name={name}
      form={form}
      layout="vertical"
      mode="card"
      validateMessages={messages}
      validateTrigger={['onBlur', 'onSubmit']}
      onFinish={(values: T) => {
        setSummary(null);
        return onFinish(values);
      }}
      onFinishFailed={({ errorFields }: { errorFields: FieldError[] }) => {
        setSummary(
          format(w.checkFields, { errors: errorFields.map((f) => f.errors[0]).join('；') }),
        );
        focusField(name, errorFields[0]?.name[0]);
      }}
      footer={
        <button type="submit" className="kj-button kj-button--block" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      }
    >
      {shown ? (
        <p className="kj-form__alert" role="alert">
          {shown}
        </p>
      ) : null}
      {children}
    </Form>
  );
}

/** Puts a failed call's field → message map onto the form's fields and focuses the first. */
export function showServerErrors(name: string, form: FormInstance, failure: AuthFailure): void {
  const entries = Object.entries(failure.fields ?? {});
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const onForm = entries.filter(([field]) => known.has(field));
  form.setFields(onForm.map(([field, message]) => ({ name: field, errors: [message] })));
  focusField(name, onForm[0]?.[0]);
}
