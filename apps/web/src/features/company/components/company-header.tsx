import type { Company } from '@kaijiang/domain';
import { useState } from 'react';
import { imageUrl } from '@/shared/api/image-url';
import './company.css';

export function CompanyHeader({ company }: { company: Company }) {
  const [logoFailed, setLogoFailed] = useState(false);
  const logo = imageUrl(company.logo);
  return (
    <div className="kj-card kj-company-card">
      {logo && !logoFailed ? (
        <img
          className="kj-company-card__logo"
          src={logo}
          alt=""
          width={56}
          height={56}
          onError={() => setLogoFailed(true)}
        />
      ) : (
        <span className="kj-company-card__fallback" aria-hidden="true">
          {company.name.slice(0, 1)}
        </span>
      )}
      <div>
        <p className="kj-company-card__name">{company.name}</p>
        {company.slogan ? <p className="kj-company-card__slogan">{company.slogan}</p> : null}
      </div>
    </div>
  );
}
