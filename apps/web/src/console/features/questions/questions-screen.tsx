import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import type { MessageKey } from '../../shared/messages';
import { Pager } from '../../shared/ui/pager';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import {
  QUESTIONS_PAGE,
  useAnswerQuestionMutation,
  useQuestionsQuery,
  type Question,
  type QuestionStatus,
} from './questions-api';

const FILTERS: (QuestionStatus | 'all')[] = ['open', 'answered', 'closed', 'all'];

export function QuestionsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const status = (FILTERS as string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as QuestionStatus | 'all')
    : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuestionsQuery({ status, page });
  // Said above the list: an answered question leaves the "open" list as soon as it is saved.
  const [notice, setNotice] = useState('');
  return (
    <>
      <h1>{t('nav.questions')}</h1>
      <div className="cs-tabs" role="group" aria-label={t('questions.filter')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="cs-button"
            aria-pressed={status === f}
            onClick={() => setParams({ status: f })}
          >
            {t(`questions.${f}` as MessageKey)}
          </button>
        ))}
      </div>
      <p role="status" className={notice ? 'cs-note' : 'cs-visually-hidden'}>
        {notice}
      </p>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <Empty>{t('questions.none')}</Empty>
      ) : (
        <>
          <ul className="cs-questions">
            {q.data.items.map((item) => (
              <QuestionCard key={item.id} q={item} onSaved={setNotice} />
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.ceil(q.data.total / QUESTIONS_PAGE)}
            onPage={(p) => setParams({ status, page: String(p) })}
          />
        </>
      )}
    </>
  );
}

function QuestionCard({ q, onSaved }: { q: Question; onSaved: (notice: string) => void }) {
  const t = useT();
  const [answer, setAnswer] = useState(q.answer);
  const [send, state] = useAnswerQuestionMutation();
  const save = async (status: QuestionStatus) => {
    const r = await send({ id: q.id, answer: answer.trim(), status });
    if (!('error' in r)) {
      onSaved(
        t(status === 'closed' ? 'questions.closedOne' : 'questions.answeredOne', { id: q.id }),
      );
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save('answered');
  };
  return (
    <li className="cs-card cs-question">
      <p className="cs-muted">
        #{q.id} · {q.name || t('questions.anonymous')} · {q.contact || t('questions.noContact')} ·{' '}
        {formatTime(q.createdAt)} · {t(`questions.${q.status}` as MessageKey)}
      </p>
      {q.memberId !== null && (
        <p className="cs-note">{t('questions.member', { id: q.memberId })}</p>
      )}
      <p className="cs-question__text">{q.content}</p>
      <form onSubmit={submit}>
        <label htmlFor={`cs-answer-${q.id}`}>{t('questions.answer')}</label>
        <textarea
          id={`cs-answer-${q.id}`}
          rows={3}
          maxLength={5000}
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
        />
        {state.error && (
          <p className="cs-form-error" role="alert">
            {errorText(state.error, t)}
          </p>
        )}
        <div className="cs-actions">
          <button
            type="button"
            className="cs-button"
            disabled={state.isLoading}
            onClick={() => void save('closed')}
          >
            {t('questions.close')}
          </button>
          <button
            type="submit"
            className="cs-button cs-button--primary"
            disabled={state.isLoading || !answer.trim()}
          >
            {t('questions.reply')}
          </button>
        </div>
      </form>
    </li>
  );
}
