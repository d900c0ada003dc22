import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/shared/config/paths';
import { getAccessToken } from '@/shared/storage/storage';

/** Spec §6: member screens need a stored access_token; otherwise sign in and come back. */
export function requireSignIn({ request }: LoaderFunctionArgs): null {
  if (getAccessToken()) return null;
  const url = new URL(request.url);
  throw redirect(paths.login.href(`${url.pathname}${url.search}`));
}
