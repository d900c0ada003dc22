import type { NewsCategory, NewsDetail, NewsPage } from '@kaijiang/domain';
import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { NewsInput, NewsRecord } from '../../repositories/news-repository.ts';
import { invalid, offsetOf } from './common.ts';
import type { Paging } from './common.ts';
import { excerptOf, repairedSummary } from './excerpt.ts';
import { plainLine, sanitizeContentHtml } from './sanitize.ts';

function cleanNews<T extends Partial<NewsInput>>(input: T): T {
  const out = { ...input };
  if (out.title !== undefined) out.title = plainLine(out.title);
  if (out.summary !== undefined) out.summary = plainLine(out.summary);
  if (out.cover !== undefined) out.cover = out.cover.trim();
  if (out.body !== undefined) out.body = sanitizeContentHtml(out.body);
  if (out.title === '') throw invalid('title', '标题不能为空');
  if (out.body === '') throw invalid('body', '正文不能为空（或只含不允许的内容）');
  if (out.publishedAt !== undefined) out.publishedAt = new Date(out.publishedAt).toISOString();
  return out;
}

const publicNews = (r: NewsRecord): NewsDetail => {
  const { active: _a, updatedAt: _u, ...detail } = r;
  return detail;
};

export function createNewsService(repos: Repositories) {
  return {
    async newsPage(q: Paging & { category?: NewsCategory }): Promise<NewsPage> {
      const { items, total } = await repos.news.page({
        category: q.category,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return {
        items: items.map(({ active: _a, ...item }) => ({
          ...item,
          summary: repairedSummary(item.summary),
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
    /** A published item for a visitor; counts the view. */
    async readNews(id: number): Promise<NewsDetail> {
      const r = await repos.news.get(id);
      if (!r || !r.active || r.publishedAt > new Date().toISOString()) {
        throw notFound('资讯不存在或已下线');
      }
      await repos.news.countView(id);
      return publicNews({ ...r, views: r.views + 1 });
    },
    async adminNewsPage(q: Paging & { category?: NewsCategory }) {
      const { items, total } = await repos.news.page({
        category: q.category,
        limit: q.pageSize,
        offset: offsetOf(q),
        includeHidden: true,
      });
      return { items, total, page: q.page, pageSize: q.pageSize };
    },
    async getNews(id: number): Promise<NewsRecord> {
      const r = await repos.news.get(id);
      if (!r) throw notFound('资讯不存在');
      return r;
    },
    async createNews(input: NewsInput): Promise<NewsRecord> {
      const clean = cleanNews(input);
      if (!clean.summary) clean.summary = excerptOf(clean.body);
      return repos.news.create(clean);
    },
    async updateNews(id: number, patch: Partial<NewsInput>): Promise<NewsRecord> {
      const r = await repos.news.update(id, cleanNews(patch));
      if (!r) throw notFound('资讯不存在');
      return r;
    },
    async removeNews(id: number): Promise<void> {
      if (!(await repos.news.remove(id))) throw notFound('资讯不存在');
    },
  };
}
