import type { QuestionInput } from '@kaijiang/domain';
import { API_PREFIX, call } from '@/shared/api/base-query';

/** A POST: the one HTTP layer adds the anti-forgery header the server asks for. */
export function submitQuestion(input: QuestionInput): Promise<true> {
  return call<true>({ url: `${API_PREFIX.v2}/questions`, method: 'POST', body: input });
}
