import { NEWS_CATEGORIES, type NewsCategory } from '@kaijiang/domain';

export const categoryName = (code: string): string =>
  NEWS_CATEGORIES.find((c) => c.code === code)?.name ?? '资讯';

export function parseCategory(value: string | null): NewsCategory | undefined {
  return NEWS_CATEGORIES.find((c) => c.code === value)?.code;
}
