import {
  CONTENT_PAGE_SIZE_MAX,
  CompanySchema,
  FaqSchema,
  NewsCategorySchema,
  NewsDetailSchema,
  NewsSummarySchema,
  QUESTION_STATUSES,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import { paging } from '../../schemas/common.ts';

/** Rooted upload path, http(s) URL, or a path relative to /sys-upload; never "..". */
export const ImagePath = Type.String({
  maxLength: 500,
  pattern: '^(?!.*\\.\\.)(?:https?://[^\\s"\'<>]+|/?[A-Za-z0-9_][A-Za-z0-9_./%-]*)$',
  description: 'e.g. /sys-upload/content/202603/ab12.png (from POST /app-api/admin/uploads)',
});
const OptionalImage = Type.Union([ImagePath, Type.Literal('')]);
// Every field in range: `new Date()` of a month 13, an hour 25 or a second 60 is an Invalid Date,
// whose toISOString() throws (a 500) where the service normalises the time.
export const IsoTime = Type.String({
  pattern:
    '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d' +
    '(:[0-5]\\d(\\.\\d{1,3})?)?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$',
  description: 'ISO 8601 with a zone, e.g. 2026-03-01T12:00:00Z',
});
const NoControl = '^[^\\u0000-\\u001f]*$';

export const Paging = paging(CONTENT_PAGE_SIZE_MAX, 20);

export const NewsInputSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    cover: Type.Optional(OptionalImage),
    summary: Type.Optional(Type.String({ maxLength: 500 })),
    body: Type.String({
      minLength: 1,
      maxLength: 200_000,
      description: 'HTML; sanitised when stored',
    }),
    category: NewsCategorySchema,
    publishedAt: Type.Optional(IsoTime),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const NewsPatchSchema = Type.Partial(NewsInputSchema, { additionalProperties: false });

export const AdminNewsSchema = Type.Object({
  ...NewsDetailSchema.properties,
  active: Type.Boolean(),
  updatedAt: Type.String(),
});
export const AdminNewsPageSchema = Type.Object({
  items: Type.Array(Type.Object({ ...NewsSummarySchema.properties, active: Type.Boolean() })),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});

export const FaqInputSchema = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: 300 }),
    answer: Type.String({ minLength: 1, maxLength: 5000 }),
    sort: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const FaqPatchSchema = Type.Partial(FaqInputSchema, { additionalProperties: false });
export const AdminFaqSchema = Type.Object({
  ...FaqSchema.properties,
  sort: Type.Integer(),
  active: Type.Boolean(),
});

export const TeamRowsSchema = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          tier: Type.String({ minLength: 1, maxLength: 100 }),
          requirement: Type.String({ minLength: 1, maxLength: 1000 }),
          benefit: Type.String({ minLength: 1, maxLength: 1000 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);

const ContactField = Type.String({ maxLength: 200, pattern: NoControl });
export const CompanyPatchSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    logo: Type.Optional(OptionalImage),
    slogan: Type.Optional(Type.String({ maxLength: 200 })),
    aboutUs: Type.Optional(Type.String({ maxLength: 100_000, description: 'HTML; sanitised' })),
    disclaimer: Type.Optional(Type.String({ maxLength: 100_000, description: 'HTML; sanitised' })),
    onlineServiceUrl: Type.Optional(
      Type.String({
        maxLength: 1000,
        pattern: '^(?:$|https?://[^\\s"\'<>]+$|/[^\\s"\'<>]*$)',
        description: 'http(s) URL or a path of this site; empty = none',
      }),
    ),
    contact: Type.Optional(
      Type.Object(
        {
          phone: Type.Optional(ContactField),
          email: Type.Optional(ContactField),
          wechat: Type.Optional(ContactField),
          telegram: Type.Optional(ContactField),
          address: Type.Optional(ContactField),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export { CompanySchema };

export const NoticeInputSchema = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: 500 }),
    sort: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const NoticePatchSchema = Type.Partial(NoticeInputSchema, { additionalProperties: false });
export const NoticeSchema = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  sort: Type.Integer(),
  active: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const QuestionStatusSchema = Type.Union(
  [Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')],
  { description: QUESTION_STATUSES.join(' | ') },
);
export const QuestionSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contact: Type.String(),
  content: Type.String(),
  status: QuestionStatusSchema,
  answer: Type.String(),
  createdAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  /** The signed-in member who sent it (the answer reaches their messages). */
  memberId: Type.Union([Type.Integer(), Type.Null()]),
});
export const QuestionPageSchema = Type.Object({
  items: Type.Array(QuestionSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});
export const AnswerSchema = Type.Object(
  {
    answer: Type.String({ maxLength: 5000 }),
    status: Type.Optional(QuestionStatusSchema),
  },
  { additionalProperties: false },
);

export const UploadSchema = Type.Object({
  path: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
});
