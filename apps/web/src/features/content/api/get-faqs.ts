import type { Faq } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

export function getFaqs(signal?: AbortSignal): Promise<Faq[]> {
  return getPublic<Faq[]>('/faqs', {}, { signal });
}
