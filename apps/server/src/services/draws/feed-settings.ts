import { isFeedKind, type DrawSourceSettings, type SourceEntry } from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { normalKind } from '../../repositories/draw-source-repository.ts';
import type { DrawService } from './service.ts';

export const SOURCES_MAX = 5;
export const REMOTE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export interface SourcesInput {
  sources: { kind: string; url?: string | null; remote?: string | null }[];
  graceS?: number;
  lateS?: number;
}

const invalid = (msg: string, field: string) =>
  new AppError(400, 'REQ/INVALID', msg, { [field]: msg });

/** The list as stored: `upstream` read as `kaijiang`, addresses without a trailing slash. */
export function normalSources(input: SourcesInput['sources']): SourceEntry[] {
  if (input.length === 0 || input.length > SOURCES_MAX)
    throw invalid(`请设置 1 到 ${SOURCES_MAX} 个来源`, 'sources');
  const out = input.map((e, i): SourceEntry => {
    const kind = normalKind(e.kind);
    const url = e.url?.trim().replace(/\/+$/, '') || null;
    const remote = e.remote?.trim() || null;
    const field = `sources.${i}`;
    if (url !== null && !/^https?:\/\/[^\s"'<>]+$/.test(url))
      throw invalid('地址须以 http:// 或 https:// 开头', `${field}.url`);
    if (remote !== null && !REMOTE_PATTERN.test(remote))
      throw invalid('远端名称只能含字母、数字、- 和 _', `${field}.remote`);
    if (i > 0 && !isFeedKind(kind))
      throw invalid('备用来源只能是 kaijiang、hkjc 或 macaujc', `${field}.kind`);
    if (kind === 'kaijiang' && !url) throw invalid('kaijiang 来源需要对方站点地址', `${field}.url`);
    if (kind === 'kaijiang' && remote !== null && !/^[1-9][0-9]{0,8}$/.test(remote))
      throw invalid('kaijiang 的远端须为彩种 ID', `${field}.remote`);
    if (kind === 'macaujc' && (!url || !remote))
      throw invalid(
        'macaujc 来源需要地址和远端名称（如 macaujc2）',
        `${field}.${url ? 'remote' : 'url'}`,
      );
    return { kind, url: isFeedKind(kind) ? url : null, remote: isFeedKind(kind) ? remote : null };
  });
  if (out.length > 1 && !isFeedKind(out[0]!.kind))
    throw invalid('模拟或手动开奖不能带备用来源', 'sources');
  return out;
}

/**
 * Sets a game's source list. A game switched from the simulator to a real feed loses its
 * simulated draws (demo data): the feed fills the history from then on, gaps included.
 */
export async function applySources(
  deps: { repos: Repositories; service: DrawService },
  gameId: number,
  input: SourcesInput,
): Promise<{ before: DrawSourceSettings; settings: DrawSourceSettings; removed: number }> {
  const { repos, service } = deps;
  const before = await repos.drawSources.get(gameId);
  if (!before) throw notFound('游戏不存在');
  const sources = normalSources(input.sources);
  await repos.drawSources.setList(gameId, sources, { graceS: input.graceS, lateS: input.lateS });
  let removed = 0;
  if (isFeedKind(sources[0]!.kind) && before.sources.some((s) => s.kind === 'simulator')) {
    // The simulator may be writing this game's draw right now (its step began before the
    // switch): a conflict is tried again, and the feed's engine removes any it wrote after.
    for (let attempt = 1; ; attempt++) {
      try {
        removed = await repos.draws.deleteBySource(gameId, 'simulator');
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  }
  if (JSON.stringify(before.sources) !== JSON.stringify(sources))
    await repos.feeds.clearStates(gameId);
  service.invalidate(gameId);
  const settings = (await repos.drawSources.get(gameId))!;
  return { before, settings, removed };
}
