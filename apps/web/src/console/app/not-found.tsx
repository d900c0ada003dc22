import { Link } from 'react-router';
import { useT } from '../shared/i18n';
import { paths } from '../shared/paths';

export function NotFound() {
  const t = useT();
  return (
    <section className="cs-card">
      <h1>{t('notFound.title')}</h1>
      <Link to={paths.dashboard}>{t('gate.back')}</Link>
    </section>
  );
}
