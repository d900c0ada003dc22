import { loadCompany } from '@/shared/store/app-slice';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { selectCompany, selectFailed, selectLoaded } from '@/shared/store/selectors';

export function useCompany() {
  const dispatch = useAppDispatch();
  const company = useAppSelector(selectCompany);
  const loaded = useAppSelector(selectLoaded).company;
  const failed = useAppSelector(selectFailed).company;
  return { company, pending: !loaded, failed, retry: () => void dispatch(loadCompany()) };
}
