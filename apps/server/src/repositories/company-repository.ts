import type { Company } from '@kaijiang/domain';
import type { Kysely, Selectable } from 'kysely';
import type { CompanyTable, DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { nowIso } from '../lib/time.ts';

export interface CompanyRepository {
  get(code: string): Promise<Company | undefined>;
  upsert(company: Company): Promise<void>;
}

function toCompany(r: Selectable<CompanyTable>): Company {
  const contact: Company['contact'] = {};
  // Empty contact fields are left out so the web app simply does not render them.
  if (r.contact_phone) contact.phone = r.contact_phone;
  if (r.contact_email) contact.email = r.contact_email;
  if (r.contact_wechat) contact.wechat = r.contact_wechat;
  if (r.contact_telegram) contact.telegram = r.contact_telegram;
  if (r.contact_address) contact.address = r.contact_address;
  return {
    code: r.code,
    name: r.name,
    logo: r.logo,
    slogan: r.slogan,
    contact,
    aboutUs: r.about_us,
    disclaimer: r.disclaimer,
    onlineServiceUrl: r.online_service_url,
  };
}

export function createCompanyRepository(db: Kysely<DB>, changes: ChangeFeed): CompanyRepository {
  return {
    async get(code) {
      const row = await db
        .selectFrom('companies')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirst();
      return row ? toCompany(row) : undefined;
    },
    async upsert(c) {
      const values = {
        name: c.name,
        logo: c.logo,
        slogan: c.slogan,
        contact_phone: c.contact.phone ?? '',
        contact_email: c.contact.email ?? '',
        contact_wechat: c.contact.wechat ?? '',
        contact_telegram: c.contact.telegram ?? '',
        contact_address: c.contact.address ?? '',
        about_us: c.aboutUs,
        disclaimer: c.disclaimer,
        online_service_url: c.onlineServiceUrl,
        updated_at: nowIso(),
      };
      await db
        .insertInto('companies')
        .values({ code: c.code, ...values })
        .onConflict((oc) => oc.column('code').doUpdateSet(values))
        .execute();
      changes.emit('company');
    },
  };
}
