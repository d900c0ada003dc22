import type { Company } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { SaveStatus } from '../../shared/ui/save-status';
import type { MessageKey } from '../../shared/messages';
import { Field } from '../../shared/ui/field';
import { RichText } from '../../shared/ui/rich-text';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { useCompanyQuery, useSaveCompanyMutation } from './site-api';

const CONTACTS = ['phone', 'email', 'wechat', 'telegram', 'address'] as const;

/** The company record: name, contact, online service, about us and the disclaimer. */
export function CompanySection() {
  const t = useT();
  const q = useCompanyQuery();
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  return <CompanyForm initial={q.data} />;
}

function CompanyForm({ initial }: { initial: Company }) {
  const t = useT();
  const [c, setC] = useState(initial);
  const [save, saving] = useSaveCompanyMutation();
  const fields = fieldErrors(saving.error);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await save({
      name: c.name.trim(),
      slogan: c.slogan.trim(),
      onlineServiceUrl: c.onlineServiceUrl.trim(),
      contact: Object.fromEntries(CONTACTS.map((k) => [k, (c.contact[k] ?? '').trim()])),
      aboutUs: c.aboutUs,
      disclaimer: c.disclaimer,
    });
  };
  return (
    <form className="cs-card" onSubmit={submit} aria-labelledby="cs-company-title">
      <h2 id="cs-company-title">{t('site.company')}</h2>
      <div className="cs-two">
        <Field
          label={t('site.name')}
          required
          maxLength={100}
          value={c.name}
          error={fields.name}
          onChange={(e) => setC({ ...c, name: e.currentTarget.value })}
        />
        <Field
          label={t('site.slogan')}
          maxLength={200}
          value={c.slogan}
          onChange={(e) => setC({ ...c, slogan: e.currentTarget.value })}
        />
        {CONTACTS.map((k) => (
          <Field
            key={k}
            label={t(`site.contact.${k}` as MessageKey)}
            maxLength={k === 'address' ? 300 : 200}
            value={c.contact[k] ?? ''}
            onChange={(e) => setC({ ...c, contact: { ...c.contact, [k]: e.currentTarget.value } })}
          />
        ))}
        <Field
          label={t('site.service')}
          hint={t('site.serviceHint')}
          inputMode="url"
          maxLength={1000}
          value={c.onlineServiceUrl}
          error={fields.onlineServiceUrl}
          onChange={(e) => setC({ ...c, onlineServiceUrl: e.currentTarget.value })}
        />
      </div>
      <RichText
        label={t('site.about')}
        initialHtml={initial.aboutUs}
        onChange={(html) => setC((x) => ({ ...x, aboutUs: html }))}
      />
      <RichText
        label={t('site.disclaimer')}
        initialHtml={initial.disclaimer}
        onChange={(html) => setC((x) => ({ ...x, disclaimer: html }))}
      />
      <SaveStatus saving={saving.isLoading} saved={saving.isSuccess} error={saving.error} />
      <button
        type="submit"
        className="cs-button cs-button--primary"
        disabled={saving.isLoading || !c.name.trim()}
      >
        {t('site.save')}
      </button>
    </form>
  );
}
