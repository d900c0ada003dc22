import { useCallback } from 'react';
import { paths } from '@/shared/config/paths';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { getFaqs } from '../api/get-faqs';
import { useLoad } from '../hooks/use-load';
import { QuestionForm } from './question-form';
import './ask-question.css';

export function AskQuestionScreen() {
  const load = useCallback((signal: AbortSignal) => getFaqs(signal), []);
  const { data: faqs, error, retry } = useLoad('faqs', load);
  return (
    <div className="kj-stack">
      <Section id="kj-faq" title="常见问题">
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
      <Section id="kj-faq-ask" title="没有找到答案？向我们提问">
        <QuestionForm />
      </Section>
      <p className="kj-faq__more">
        急事也可以<AppLink to={paths.contact.href()}>联系客服</AppLink>。
      </p>
    </div>
  );
}
