import type { PasswordType } from '@kaijiang/domain';
import { api } from '@/shared/api/http-client';

export interface UpdatePasswordInput {
  type: PasswordType;
  oldPassword?: string;
  newPassword: string;
}

/**
 * The spec sends these as query parameters; DESIGN §4 moves them into the POST body, because a
 * URL ends up in logs and browser history (the server refuses them in the query string).
 */
export async function updatePassword(input: UpdatePasswordInput): Promise<boolean> {
  const form = new URLSearchParams({ type: input.type, newPassword: input.newPassword });
  if (input.oldPassword) form.set('oldPassword', input.oldPassword);
  return api().post<boolean>('/api/user/updatePassword', form);
}
