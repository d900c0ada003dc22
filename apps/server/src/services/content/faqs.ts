import type { Faq } from '@kaijiang/domain';
import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { FaqInput, FaqRecord } from '../../repositories/faq-repository.ts';
import { plainLine, plainText } from './sanitize.ts';

const publicFaq = (f: FaqRecord): Faq => ({ id: f.id, question: f.question, answer: f.answer });

export function createFaqService(repos: Repositories) {
  return {
    async faqs(): Promise<Faq[]> {
      return (await repos.faqs.list()).map(publicFaq);
    },
    adminFaqs: () => repos.faqs.list({ includeHidden: true }),
    async createFaq(input: FaqInput): Promise<FaqRecord> {
      return repos.faqs.create({
        ...input,
        question: plainLine(input.question),
        answer: plainText(input.answer),
      });
    },
    async updateFaq(id: number, patch: Partial<FaqInput>): Promise<FaqRecord> {
      const r = await repos.faqs.update(id, {
        ...patch,
        ...(patch.question !== undefined && { question: plainLine(patch.question) }),
        ...(patch.answer !== undefined && { answer: plainText(patch.answer) }),
      });
      if (!r) throw notFound('问题不存在');
      return r;
    },
    async removeFaq(id: number): Promise<void> {
      if (!(await repos.faqs.remove(id))) throw notFound('问题不存在');
    },
  };
}
