import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { useAppNavigate } from '@/shared/ui/app-link';

/** Returns to where the guard stopped the visitor (only our own paths), else to the profile. */
export function useAfterSignIn(): () => void {
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  return () => {
    const redirect = params.get('redirect');
    const safe =
      redirect &&
      redirect.startsWith('/') &&
      !redirect.startsWith('//') &&
      !redirect.startsWith('/\\')
        ? redirect
        : paths.profile.href();
    navigate(safe, { replace: true });
  };
}
