import type { AuditRecord } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';
import { CONSOLE_API } from '../../shared/session-api';

export const AUDIT_PAGE = 50;

const auditApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    audit: build.query<AuditRecord[], { actor?: string; action?: string; before?: number }>({
      query: ({ actor, action, before }) => {
        const p = new URLSearchParams({ limit: String(AUDIT_PAGE) });
        if (actor) p.set('actor', actor);
        if (action) p.set('action', action);
        if (before) p.set('before', String(before));
        return `${CONSOLE_API}/audit?${p}`;
      },
      providesTags: ['Audit'],
    }),
  }),
});

export const { useAuditQuery } = auditApi;
