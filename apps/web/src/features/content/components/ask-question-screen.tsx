import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useFaqsQuery } from '../api/content-api';
import { questionWords } from '../model/question-words';
import { QuestionForm } from './question-form';
import './ask-question.css';

export function AskQuestionScreen() {
  const w = useMessages(questionWords);
  const query = useFaqsQuery();
  const { data: faqs, refetch: retry } = query;
  const error = query.isError && !query.isFetching ? errorText(query.error) : null;
  return (
    <div className="kj-stack">
      <Section id="kj-faq" title={w.faqTitle}>
        {faqs ? (
          <div className="kj-faq">
            {faqs.map((item) => (
              <details key={item.id} className="kj-faq__item">
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </div>
        ) : error ? (
          <ErrorNotice message={error} onRetry={retry} />
        ) : (
          <Skeleton rows={6} />
        )}
      </Section>
      <Section id="kj-faq-ask" title={w.askTitle}>
        <QuestionForm />
      </Section>
      <p className="kj-faq__more">
        {w.urgentBefore}
        <AppLink to={paths.contact.href()}>{w.urgentLink}</AppLink>
        {w.urgentAfter}
      </p>
    </div>
  );
}
