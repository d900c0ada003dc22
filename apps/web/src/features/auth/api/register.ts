import { api, API_PREFIX } from '@/shared/api/http-client';

export interface RegisterInput {
  username: string;
  password: string;
  nickname?: string;
  phone?: string;
}

/** Registration signs the new member in: the answer carries a token like login's. */
export async function register(input: RegisterInput): Promise<string> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) if (value) form.set(key, value);
  const data = await api().post<{ token: string }>(`${API_PREFIX.versioned}/user/reg`, form);
  return data.token;
}
