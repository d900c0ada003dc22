import type { QuestionInput, QuestionStatus } from '@kaijiang/domain';
import { notFound } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { QuestionRecord } from '../../repositories/question-repository.ts';
import { invalid, offsetOf } from './common.ts';
import type { Paging } from './common.ts';
import { plainLine, plainText } from './sanitize.ts';

export function createQuestionService(repos: Repositories) {
  return {
    /** `memberId`: the signed-in member who sent it (the answer reaches their messages). */
    async submitQuestion(
      input: QuestionInput,
      memberId: number | null = null,
    ): Promise<QuestionRecord> {
      const content = plainText(input.content);
      if (content.length < 5) throw invalid('content', '问题内容至少 5 个字');
      return repos.questions.create({
        name: plainLine(input.name ?? ''),
        contact: plainLine(input.contact ?? ''),
        content,
        memberId,
      });
    },
    async questions(q: Paging & { status?: QuestionStatus }) {
      const r = await repos.questions.page({
        status: q.status,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return { ...r, page: q.page, pageSize: q.pageSize };
    },
    async answerQuestion(
      id: number,
      answer: string,
      status: QuestionStatus = 'answered',
    ): Promise<QuestionRecord> {
      const text = plainText(answer);
      const before = await repos.questions.get(id);
      if (!before) throw notFound('问题不存在');
      const r = await repos.questions.answer(id, text, status);
      if (!r) throw notFound('问题不存在');
      // A member's question is answered in their messages too (once per new answer).
      if (r.memberId !== null && status === 'answered' && text && text !== before.answer) {
        const asked = r.content.length > 60 ? `${r.content.slice(0, 60)}…` : r.content;
        await repos.messages.create(
          r.memberId,
          { title: '你的提问有了回复', content: `你的提问：${asked}\n\n回复：${text}` },
          nowIso(),
        );
      }
      return r;
    },
  };
}
