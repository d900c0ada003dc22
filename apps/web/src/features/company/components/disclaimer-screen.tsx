import { useMessages } from '@/shared/i18n';
import { companyWords } from '../model/words';
import { CompanyTextScreen } from './company-text-screen';

export function DisclaimerScreen() {
  const w = useMessages(companyWords);
  return (
    <CompanyTextScreen
      field="disclaimer"
      heading={w.disclaimer}
      emptyText={w.disclaimerEmpty}
      failedText={w.companyFailed}
    />
  );
}
