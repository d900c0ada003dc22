import { ErrorNotice } from '@/shared/ui/error-notice';
import { EmptyState } from '@/shared/ui/empty-state';
import { SafeHtml } from '@/shared/ui/safe-html';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { useCompany } from '../hooks/use-company';
import { CompanyHeader } from './company-header';
import './company.css';

/** About-us and the disclaimer: one text of the company record each. */
export function CompanyTextScreen({
  field,
  heading,
  emptyText,
  failedText,
}: {
  field: 'aboutUs' | 'disclaimer';
  heading: string;
  emptyText: string;
  failedText: string;
}) {
  const { company, pending, failed, retry } = useCompany();
  if (pending) {
    return (
      <div className="kj-stack">
        <div className="kj-card kj-company-pending">
          <Skeleton rows={8} />
        </div>
      </div>
    );
  }
  if (!company) {
    return (
      <div className="kj-stack">
        {failed ? <ErrorNotice message={failedText} onRetry={retry} /> : null}
        <div className="kj-card">
          <EmptyState icon="info" title={heading} description={emptyText} />
        </div>
      </div>
    );
  }
  const html = company[field];
  return (
    <div className="kj-stack">
      <CompanyHeader company={company} />
      <Section id={`kj-${field}`} title={heading}>
        {html.trim() ? (
          <SafeHtml html={html} />
        ) : (
          <p className="kj-company-card__slogan">{emptyText}</p>
        )}
      </Section>
    </div>
  );
}
