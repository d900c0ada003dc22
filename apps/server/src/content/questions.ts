import type { QuestionInput, QuestionStatus } from '@kaijiang/domain';
import { notFound } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import type { QuestionRecord } from '../repositories/question-repository.ts';
import { invalid, offsetOf } from './common.ts';
import type { Paging } from './common.ts';
import { plainLine, plainText } from './sanitize.ts';

export function createQuestionService(repos: Repositories) {
  return {
    async submitQuestion(input: QuestionInput): Promise<QuestionRecord> {
      const content = plainText(input.content);
      if (content.length < 5) throw invalid('content', '问题内容至少 5 个字');
      return repos.questions.create({
        name: plainLine(input.name ?? ''),
        contact: plainLine(input.contact ?? ''),
        content,
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
      const r = await repos.questions.answer(id, plainText(answer), status);
      if (!r) throw notFound('问题不存在');
      return r;
    },
  };
}
