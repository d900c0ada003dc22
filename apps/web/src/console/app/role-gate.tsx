import { roleMay, type ConsoleArea } from '@kaijiang/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../shared/i18n';
import { paths } from '../shared/paths';
import { useSessionQuery } from '../shared/session-api';

/** A screen of an area the operator's role does not cover says so instead of failing calls. */
export function RoleGate({ area, children }: { area: ConsoleArea; children: ReactNode }) {
  const t = useT();
  const role = useSessionQuery().data?.operator.role;
  if (role && !roleMay(role, area)) {
    return (
      <section className="cs-card">
        <h1>{t('gate.title')}</h1>
        <p>{t('gate.text')}</p>
        <Link to={paths.dashboard}>{t('gate.back')}</Link>
      </section>
    );
  }
  return <>{children}</>;
}
