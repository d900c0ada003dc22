import type { CollectionKind, CollectionPage } from '@kaijiang/domain';
import { api, API_PREFIX } from '@/shared/api/http-client';

export function listCollections(
  page: number,
  opts: { kind?: CollectionKind; pageSize?: number } = {},
): Promise<CollectionPage> {
  return api().get<CollectionPage>(`${API_PREFIX.v2}/collections`, {
    params: { page, pageSize: opts.pageSize ?? 20, ...(opts.kind && { kind: opts.kind }) },
  });
}
