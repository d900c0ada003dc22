import { NEWS_CATEGORIES, type NewsCategory } from '@kaijiang/domain';
import type { categoryWords } from './news-words';

export type CategoryNames = (typeof categoryWords)['zh-Hans'];

/** A category the client does not know yet (a newer server) still gets a tag. */
export const categoryName = (code: string, names: CategoryNames): string =>
  names[parseCategory(code) ?? 'other'];

export function parseCategory(value: string | null): NewsCategory | undefined {
  return NEWS_CATEGORIES.find((c) => c.code === value)?.code;
}
