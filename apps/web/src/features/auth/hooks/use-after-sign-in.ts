import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { storage } from '@/shared/storage/storage';
import { useAppNavigate } from '@/shared/ui/app-link';

/** Stores the token and returns to where the guard stopped the visitor (only our own paths). */
export function useAfterSignIn(): (token: string) => void {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  return (token) => {
    storage.set('access_token', token);
    const redirect = params.get('redirect');
    const safe =
      redirect && redirect.startsWith('/') && !redirect.startsWith('//')
        ? redirect
        : paths.profile.href();
    navigate(safe, { replace: true });
  };
}
