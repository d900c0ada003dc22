import type { CollectionItem, CollectionKind } from '@kaijiang/domain';
import { api, API_PREFIX } from '@/shared/api/http-client';

export function addCollection(input: {
  kind: CollectionKind;
  refId: string;
  title?: string;
}): Promise<CollectionItem> {
  const form = new URLSearchParams({ kind: input.kind, refId: input.refId });
  if (input.title) form.set('title', input.title);
  return api().post<CollectionItem>(`${API_PREFIX.v2}/collections`, form);
}
