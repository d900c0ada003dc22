// Content rules in one place: what is cleaned how before it is stored, what a visitor may see,
// and the Chinese errors an operator or visitor gets. Routes and the CLI only call this.
import type {
  Company,
  Faq,
  GalleryDetail,
  GalleryPage,
  NewsCategory,
  NewsDetail,
  NewsPage,
  QuestionInput,
  QuestionStatus,
  TeamCondition,
} from '@kaijiang/domain';
import { CONFIG_KEYS } from '@kaijiang/domain';
import { AppError, notFound } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { publicGallery } from '../repositories/gallery-repository.ts';
import type { GalleryInput, GalleryRecord } from '../repositories/gallery-repository.ts';
import type { NewsInput, NewsRecord } from '../repositories/news-repository.ts';
import type { FaqInput, FaqRecord } from '../repositories/faq-repository.ts';
import type { TeamConditionInput } from '../repositories/team-condition-repository.ts';
import type { QuestionRecord } from '../repositories/question-repository.ts';
import type { NoticeRecord } from '../repositories/notice-repository.ts';
import { plainLine, plainText, sanitizeContentHtml } from './sanitize.ts';

const SUMMARY_CHARS = 80;

export interface Paging {
  page: number;
  pageSize: number;
}

export type CompanyPatch = Partial<Omit<Company, 'code' | 'contact'>> & {
  contact?: Company['contact'];
};

const offsetOf = ({ page, pageSize }: Paging) => (page - 1) * pageSize;
const invalid = (field: string, msg: string) =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: msg });

/** The text of an HTML fragment, for a summary nobody wrote. */
export function textOf(html: string): string {
  return plainLine(
    html
      .replace(/<[^>]*>/g, ' ')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

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
const publicFaq = (f: FaqRecord): Faq => ({ id: f.id, question: f.question, answer: f.answer });

export function createContentService(repos: Repositories, opts: { companyCode: string }) {
  async function gameOr404(gameId: number) {
    const game = await repos.games.get(gameId);
    if (!game) throw notFound('彩种不存在');
    return game;
  }

  return {
    // News ------------------------------------------------------------------------------------
    async newsPage(q: Paging & { category?: NewsCategory }): Promise<NewsPage> {
      const { items, total } = await repos.news.page({
        category: q.category,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return {
        items: items.map(({ active: _a, ...item }) => item),
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
      if (!clean.summary) clean.summary = textOf(clean.body).slice(0, SUMMARY_CHARS);
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

    // Galleries -------------------------------------------------------------------------------
    async galleryPage(q: Paging & { gameId: number }): Promise<GalleryPage> {
      await gameOr404(q.gameId);
      const { items, total } = await repos.galleries.page({
        gameId: q.gameId,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return { items: items.map(publicGallery), total, page: q.page, pageSize: q.pageSize };
    },
    async galleryDetail(gameId: number, id: number): Promise<GalleryDetail> {
      const d = await repos.galleries.detail(gameId, id);
      if (!d) throw notFound('图纸不存在或已下线');
      return d;
    },
    async adminGalleryPage(q: Paging & { gameId: number }) {
      await gameOr404(q.gameId);
      const r = await repos.galleries.page({
        gameId: q.gameId,
        limit: q.pageSize,
        offset: offsetOf(q),
        includeHidden: true,
      });
      return { ...r, page: q.page, pageSize: q.pageSize };
    },
    async createGallery(
      input: Omit<GalleryInput, 'thumb'> & { thumb?: string },
    ): Promise<GalleryRecord> {
      await gameOr404(input.gameId);
      if (await repos.galleries.findByIssue(input.gameId, input.issue)) {
        throw invalid('issue', '该彩种这一期已有图纸');
      }
      return repos.galleries.create({
        ...input,
        title: plainLine(input.title),
        thumb: input.thumb || input.image,
        ...(input.publishedAt && { publishedAt: new Date(input.publishedAt).toISOString() }),
      });
    },
    async updateGallery(id: number, patch: Partial<GalleryInput>): Promise<GalleryRecord> {
      const current = await repos.galleries.get(id);
      if (!current) throw notFound('图纸不存在');
      const gameId = patch.gameId ?? current.gameId;
      if (patch.gameId !== undefined) await gameOr404(patch.gameId);
      if (patch.issue !== undefined || patch.gameId !== undefined) {
        const other = await repos.galleries.findByIssue(gameId, patch.issue ?? current.issue);
        if (other && other.id !== id) throw invalid('issue', '该彩种这一期已有图纸');
      }
      const r = await repos.galleries.update(id, {
        ...patch,
        ...(patch.title !== undefined && { title: plainLine(patch.title) }),
        ...(patch.publishedAt && { publishedAt: new Date(patch.publishedAt).toISOString() }),
      });
      if (!r) throw notFound('图纸不存在');
      return r;
    },
    async removeGallery(id: number): Promise<void> {
      if (!(await repos.galleries.remove(id))) throw notFound('图纸不存在');
    },

    // FAQ -------------------------------------------------------------------------------------
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

    // Team conditions -------------------------------------------------------------------------
    teamConditions: (): Promise<TeamCondition[]> => repos.teamConditions.list(),
    replaceTeamConditions(rows: TeamConditionInput[]): Promise<TeamCondition[]> {
      return repos.teamConditions.replace(
        rows.map((r) => ({
          tier: plainLine(r.tier),
          requirement: plainText(r.requirement),
          benefit: plainText(r.benefit),
        })),
      );
    },

    // Visitor questions -----------------------------------------------------------------------
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

    // Company record and notices --------------------------------------------------------------
    async company(): Promise<Company> {
      const c = await repos.company.get(opts.companyCode);
      if (!c) throw notFound('公司资料不存在');
      const url = await repos.config.get(CONFIG_KEYS.onlineServiceUrl);
      return { ...c, onlineServiceUrl: url || c.onlineServiceUrl };
    },
    async updateCompany(patch: CompanyPatch): Promise<Company> {
      const current = (await repos.company.get(opts.companyCode)) ?? {
        code: opts.companyCode,
        name: '',
        logo: '',
        slogan: '',
        contact: {},
        aboutUs: '',
        disclaimer: '',
        onlineServiceUrl: '',
      };
      const next: Company = {
        ...current,
        ...(patch.name !== undefined && { name: plainLine(patch.name) }),
        ...(patch.logo !== undefined && { logo: patch.logo.trim() }),
        ...(patch.slogan !== undefined && { slogan: plainLine(patch.slogan) }),
        ...(patch.aboutUs !== undefined && { aboutUs: sanitizeContentHtml(patch.aboutUs) }),
        ...(patch.disclaimer !== undefined && {
          disclaimer: sanitizeContentHtml(patch.disclaimer),
        }),
        ...(patch.onlineServiceUrl !== undefined && {
          onlineServiceUrl: patch.onlineServiceUrl.trim(),
        }),
        contact: patch.contact
          ? Object.fromEntries(
              Object.entries({ ...current.contact, ...patch.contact })
                .map(([k, v]) => [k, plainLine(v ?? '')])
                .filter(([, v]) => v),
            )
          : current.contact,
      };
      if (!next.name) throw invalid('name', '公司名称不能为空');
      await repos.company.upsert(next);
      // The settings entry wins in company.json: keep it in step with what the operator set.
      if (patch.onlineServiceUrl !== undefined) {
        await repos.config.set(CONFIG_KEYS.onlineServiceUrl, next.onlineServiceUrl);
      }
      return this.company();
    },
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

export type ContentService = ReturnType<typeof createContentService>;
