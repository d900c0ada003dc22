import { useState } from 'react';
import { useT } from '../../shared/i18n';
import { ListEditor } from '../../shared/ui/list-editor';
import { ListItemControls, useListItem } from '../../shared/ui/list-item';
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
  const [save, saving] = useSaveFaqMutation();
  const [remove, removing] = useDeleteFaqMutation();
  const item = useListItem({
    row: faq,
    save: (order) => save({ ...order, question: question.trim(), answer: answer.trim() }),
    saving,
    remove,
    removing,
    clear: () => {
      setQuestion('');
      setAnswer('');
    },
  });
  const id = item.key;
  return (
    <form
      className="cs-faq-form"
      onSubmit={item.submit}
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
        <ListItemControls
          item={item}
          idPrefix="cs-faq"
          ready={Boolean(question.trim() && answer.trim())}
        />
      </div>
      {item.status}
    </form>
  );
}
