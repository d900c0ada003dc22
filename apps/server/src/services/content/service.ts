// Content rules, one module per resource: what is cleaned how before it is stored, what a
// visitor may see, and the Chinese errors an operator or visitor gets. Routes and the CLI only
// call this one service object, composed here.
import type { Repositories } from '../../repositories/index.ts';
import { createCompanyService } from './company.ts';
import { createFaqService } from './faqs.ts';
import { createNewsService } from './news.ts';
import { createNoticeService } from './notices.ts';
import { createQuestionService } from './questions.ts';
import { createSettingsService } from './settings.ts';
import { createTeamConditionService } from './team-conditions.ts';

export type { Paging } from './common.ts';
export type { CompanyPatch } from './company.ts';
export { textOf } from './excerpt.ts';

export function createContentService(repos: Repositories, opts: { companyCode: string }) {
  return {
    ...createNewsService(repos),
    ...createFaqService(repos),
    ...createTeamConditionService(repos),
    ...createQuestionService(repos),
    ...createCompanyService(repos, opts),
    ...createNoticeService(repos, opts),
    ...createSettingsService(repos),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
