import type { APIRequestContext } from '@playwright/test';
import type { FiveElementsRecord, Game, NoticeListFile, ConfigFile } from '@kaijiang/domain';

/** Reads the server's own static files, so assertions compare the page with the real data. */
export async function staticJson<T>(request: APIRequestContext, file: string): Promise<T> {
  const response = await request.get(`/sys-upload/data/json/${file}?_t=${Date.now()}`);
  if (!response.ok()) throw new Error(`${file}: HTTP ${response.status()}`);
  return (await response.json()) as T;
}

export const siteData = {
  games: (r: APIRequestContext) => staticJson<Game[]>(r, 'games.json'),
  config: (r: APIRequestContext) => staticJson<ConfigFile>(r, 'config.json'),
  notices: (r: APIRequestContext, code = 'kj') =>
    staticJson<NoticeListFile>(r, `company/${code}/notice_list.json`),
  fiveElements: (r: APIRequestContext) => staticJson<FiveElementsRecord[]>(r, 'five-elements.json'),
};
