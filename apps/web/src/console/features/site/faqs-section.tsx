import { useState, type FormEvent } from 'react';
import { useT } from '../../shared/i18n';
import { ListEditor } from '../../shared/ui/list-editor';
import { SaveStatus } from '../../shared/ui/save-status';
import { useDeleteFaqMutation, useFaqsQuery, useSaveFaqMutation, type AdminFaq } from './site-api';

export function FaqsSection() {
  const t = useT();
  return (
    <ListEditor<AdminFaq>
      id="faqs"
      title={t('site.faqs')}
      empty={t('site.noFaqs')}
      addTitle={t('site.addFaq')}
      list={useFaqsQuery()}
      keyOf={(f) => f.id}
      form={(f) => <FaqForm faq={f} />}
    />
  );
}

function FaqForm({ faq }: { faq?: AdminFaq }) {
  const t = useT();
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [sort, setSort] = useState(String(faq?.sort ?? 0));
  const [active, setActive] = useState(faq?.active ?? true);
  const [save, saving] = useSaveFaqMutation();
  const [remove, removing] = useDeleteFaqMutation();
  const [saved, setSaved] = useState(false);
  const id = faq?.id ?? 'new';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const r = await save({
      id: faq?.id,
      question: question.trim(),
      answer: answer.trim(),
      sort: Number(sort) || 0,
      active,
    });
    if ('error' in r) return;
    setSaved(true);
    if (!faq) {
      setQuestion('');
      setAnswer('');
    }
  };
  return (
    <form
      className="cs-faq-form"
      onSubmit={submit}
      aria-label={faq ? t('site.faqN', { n: faq.id }) : t('site.addFaq')}
    >
      <div className="cs-field">
        <label htmlFor={`cs-faq-q-${id}`}>{t('site.question')}</label>
        <input
          id={`cs-faq-q-${id}`}
          required
          maxLength={300}
          value={question}
          onChange={(e) => setQuestion(e.currentTarget.value)}
        />
      </div>
      <div className="cs-field">
        <label htmlFor={`cs-faq-a-${id}`}>{t('site.answer')}</label>
        <textarea
          id={`cs-faq-a-${id}`}
          required
          rows={3}
          maxLength={5000}
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
        />
      </div>
      <div className="cs-row-form">
        <div className="cs-field cs-row-form__small">
          <label htmlFor={`cs-faq-sort-${id}`}>{t('site.sort')}</label>
          <input
            id={`cs-faq-sort-${id}`}
            type="number"
            value={sort}
            onChange={(e) => setSort(e.currentTarget.value)}
          />
        </div>
        <label className="cs-check">
          <input
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          {t('site.shown')}
        </label>
        <div className="cs-actions">
          {faq && (
            <button
              type="button"
              className="cs-button"
              disabled={removing.isLoading}
              onClick={() => {
                if (window.confirm(t('site.deleteConfirm'))) void remove(faq.id);
              }}
            >
              {t('news.delete')}
            </button>
          )}
          <button
            type="submit"
            className="cs-button cs-button--primary"
            disabled={saving.isLoading || !question.trim() || !answer.trim()}
          >
            {faq ? t('site.save') : t('site.add')}
          </button>
        </div>
      </div>
      <SaveStatus
        saving={saving.isLoading || removing.isLoading}
        saved={saved}
        error={saving.error ?? removing.error}
      />
    </form>
  );
}
