import { api, API_PREFIX } from '@/shared/api/http-client';
import { clearMemberTokens } from '@/shared/storage/storage';

/** Spec §4: tell the server, then forget every token either way; true when the server agreed. */
export async function logout(): Promise<boolean> {
  try {
    await api().get(`${API_PREFIX.versioned}/user/logout`);
    return true;
  } catch (error) {
    console.warn('logout failed', error);
    return false;
  } finally {
    clearMemberTokens();
  }
}
