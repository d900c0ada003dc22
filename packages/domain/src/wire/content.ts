import { Type, type Static } from 'typebox';

/** News categories: a fixed list so the web app can show its tabs before any answer arrives. */
export const NEWS_CATEGORIES = [
  { code: 'results', name: '开奖公告' },
  { code: 'schedule', name: '开奖安排' },
  { code: 'guide', name: '玩法解读' },
  { code: 'responsible', name: '理性购彩' },
] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number]['code'];

export const NewsCategorySchema = Type.Union(
  [
    Type.Literal('results'),
    Type.Literal('schedule'),
    Type.Literal('guide'),
    Type.Literal('responsible'),
  ],
  { description: NEWS_CATEGORIES.map((c) => `${c.code} = ${c.name}`).join(', ') },
);

export const CONTENT_PAGE_SIZE_MAX = 50;

/** Limits shared by the server's schemas and the web form. */
export const QUESTION_RULES = {
  name: { max: 32 },
  contact: { max: 64 },
  content: { min: 5, max: 1000 },
} as const;

export const NewsSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Image path (docs/architecture.md §5 rules: relative paths live under /sys-upload); '' = none. */
  cover: Type.String(),
  summary: Type.String(),
  category: NewsCategorySchema,
  publishedAt: Type.String({ format: 'date-time' }),
  views: Type.Integer(),
});
export type NewsSummary = Static<typeof NewsSummarySchema>;

export const NewsDetailSchema = Type.Object({
  ...NewsSummarySchema.properties,
  /** Sanitised HTML. */
  body: Type.String(),
});
export type NewsDetail = Static<typeof NewsDetailSchema>;

export const NewsPageSchema = Type.Object({
  items: Type.Array(NewsSummarySchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export type NewsPage = Static<typeof NewsPageSchema>;

export const FaqSchema = Type.Object({
  id: Type.Integer(),
  question: Type.String(),
  /** Plain text; line breaks are kept. */
  answer: Type.String(),
});
export type Faq = Static<typeof FaqSchema>;

export const TeamConditionSchema = Type.Object({
  id: Type.Integer(),
  tier: Type.String(),
  requirement: Type.String(),
  benefit: Type.String(),
});
export type TeamCondition = Static<typeof TeamConditionSchema>;

export const QuestionInputSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: QUESTION_RULES.name.max })),
    contact: Type.Optional(Type.String({ maxLength: QUESTION_RULES.contact.max })),
    content: Type.String({
      minLength: QUESTION_RULES.content.min,
      maxLength: QUESTION_RULES.content.max,
    }),
  },
  { additionalProperties: false },
);
export type QuestionInput = Static<typeof QuestionInputSchema>;

export const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
