import type { QuestionInput } from '@kaijiang/domain';
import { api, API_PREFIX } from '@/shared/api/http-client';

/** A POST: axios adds the anti-forgery header the server asks for. */
export async function submitQuestion(input: QuestionInput): Promise<true> {
  return api().post<true>(`${API_PREFIX.v2}/questions`, input);
}
