import { useMessages } from '@/shared/i18n';
import { companyWords } from '../model/words';
import { CompanyTextScreen } from './company-text-screen';

export function AboutUsScreen() {
  const w = useMessages(companyWords);
  return (
    <CompanyTextScreen
      field="aboutUs"
      heading={w.aboutUs}
      emptyText={w.aboutUsEmpty}
      failedText={w.companyFailed}
    />
  );
}
