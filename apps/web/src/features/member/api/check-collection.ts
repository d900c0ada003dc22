import type { CollectionItem, CollectionKind } from '@kaijiang/domain';
import { api, API_PREFIX } from '@/shared/api/http-client';

/** The stored item when this one is collected, else null. */
export function checkCollection(
  kind: CollectionKind,
  refId: string,
): Promise<CollectionItem | null> {
  return api().get<CollectionItem | null>(`${API_PREFIX.v2}/collections/check`, {
    params: { kind, refId },
  });
}
