import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { NoticeRecord } from '../../repositories/notice-repository.ts';
import { plainLine } from './sanitize.ts';

export function createNoticeService(repos: Repositories, opts: { companyCode: string }) {
  return {
    notices: (): Promise<NoticeRecord[]> => repos.notices.listAll(opts.companyCode),
    createNotice(input: { content: string; sort?: number; active?: boolean }) {
      return repos.notices.create({
        ...input,
        content: plainLine(input.content),
        companyCode: opts.companyCode,
      });
    },
    async updateNotice(
      id: number,
      patch: { content?: string; sort?: number; active?: boolean },
    ): Promise<void> {
      const ok = await repos.notices.update(id, {
        ...patch,
        ...(patch.content !== undefined && { content: plainLine(patch.content) }),
      });
      if (!ok) throw notFound('公告不存在');
    },
    async removeNotice(id: number): Promise<void> {
      if (!(await repos.notices.remove(id))) throw notFound('公告不存在');
    },
  };
}
