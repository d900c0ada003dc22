import type { UserInfo } from '@kaijiang/domain';
import { api } from '@/shared/api/http-client';

export interface ProfileInput {
  nickname: string;
  phone: string;
  avatar: string;
}

/** Sends every field: an empty one clears it. Answers the stored profile. */
export function updateProfile(input: ProfileInput): Promise<UserInfo> {
  return api().post<UserInfo>('/api/user/updateInfo', new URLSearchParams({ ...input }));
}
