import type { Company } from '@kaijiang/domain';
import { CONFIG_KEYS } from '@kaijiang/domain';
import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { invalid } from './common.ts';
import { plainLine, sanitizeContentHtml } from './sanitize.ts';

export type CompanyPatch = Partial<Omit<Company, 'code' | 'contact'>> & {
  contact?: Company['contact'];
};

export function createCompanyService(repos: Repositories, opts: { companyCode: string }) {
  return {
    async company(): Promise<Company> {
      const c = await repos.company.get(opts.companyCode);
      if (!c) throw notFound('公司资料不存在');
      const url = await repos.config.get(CONFIG_KEYS.onlineServiceUrl);
      return { ...c, onlineServiceUrl: url || c.onlineServiceUrl };
    },
    async updateCompany(patch: CompanyPatch): Promise<Company> {
      const current = (await repos.company.get(opts.companyCode)) ?? {
        code: opts.companyCode,
        name: '',
        logo: '',
        slogan: '',
        contact: {},
        aboutUs: '',
        disclaimer: '',
        onlineServiceUrl: '',
      };
      const next: Company = {
        ...current,
        ...(patch.name !== undefined && { name: plainLine(patch.name) }),
        ...(patch.logo !== undefined && { logo: patch.logo.trim() }),
        ...(patch.slogan !== undefined && { slogan: plainLine(patch.slogan) }),
        ...(patch.aboutUs !== undefined && { aboutUs: sanitizeContentHtml(patch.aboutUs) }),
        ...(patch.disclaimer !== undefined && {
          disclaimer: sanitizeContentHtml(patch.disclaimer),
        }),
        ...(patch.onlineServiceUrl !== undefined && {
          onlineServiceUrl: patch.onlineServiceUrl.trim(),
        }),
        contact: patch.contact
          ? Object.fromEntries(
              Object.entries({ ...current.contact, ...patch.contact })
                .map(([k, v]) => [k, plainLine(v ?? '')])
                .filter(([, v]) => v),
            )
          : current.contact,
      };
      if (!next.name) throw invalid('name', '公司名称不能为空');
      await repos.company.upsert(next);
      // The settings entry wins in company.json: keep it in step with what the operator set.
      if (patch.onlineServiceUrl !== undefined) {
        await repos.config.set(CONFIG_KEYS.onlineServiceUrl, next.onlineServiceUrl);
      }
      return this.company();
    },
  };
}
