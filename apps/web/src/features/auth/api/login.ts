import { api, API_PREFIX } from '@/shared/api/http-client';

/** DESIGN §4: form-encoded credentials in, an opaque token out. */
export async function login(input: { username: string; password: string }): Promise<string> {
  const data = await api().post<{ token: string }>(
    `${API_PREFIX.versioned}/user/login`,
    new URLSearchParams(input),
  );
  return data.token;
}
