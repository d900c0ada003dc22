import { useCompanyQuery } from '@/shared/api/site-api';
import { runtimeConfig } from '@/shared/config/runtime-config';

export function useCompany() {
  const { data, isError, isFetching, refetch } = useCompanyQuery(runtimeConfig().companyCode);
  return {
    company: data && typeof data === 'object' ? data : null,
    pending: data === undefined && !isError,
    failed: isError && !isFetching,
    retry: () => void refetch(),
  };
}
