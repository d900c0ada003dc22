import type { GalleryDetail, GalleryPage } from '@kaijiang/domain';
import { notFound } from '../lib/errors.ts';
import type { Repositories } from '../repositories/index.ts';
import { publicGallery } from '../repositories/gallery-repository.ts';
import type { GalleryInput, GalleryRecord } from '../repositories/gallery-repository.ts';
import { gameOr404, invalid, offsetOf } from './common.ts';
import type { Paging } from './common.ts';
import { plainLine } from './sanitize.ts';

export function createGalleryService(repos: Repositories) {
  return {
    async galleryPage(q: Paging & { gameId: number }): Promise<GalleryPage> {
      await gameOr404(repos, q.gameId);
      const { items, total } = await repos.galleries.page({
        gameId: q.gameId,
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return { items: items.map(publicGallery), total, page: q.page, pageSize: q.pageSize };
    },
    async galleryDetail(gameId: number, id: number): Promise<GalleryDetail> {
      const d = await repos.galleries.detail(gameId, id);
      if (!d) throw notFound('图纸不存在或已下线');
      return d;
    },
    async adminGalleryPage(q: Paging & { gameId: number }) {
      await gameOr404(repos, q.gameId);
      const r = await repos.galleries.page({
        gameId: q.gameId,
        limit: q.pageSize,
        offset: offsetOf(q),
        includeHidden: true,
      });
      return { ...r, page: q.page, pageSize: q.pageSize };
    },
    async createGallery(
      input: Omit<GalleryInput, 'thumb'> & { thumb?: string },
    ): Promise<GalleryRecord> {
      await gameOr404(repos, input.gameId);
      if (await repos.galleries.findByIssue(input.gameId, input.issue)) {
        throw invalid('issue', '该彩种这一期已有图纸');
      }
      return repos.galleries.create({
        ...input,
        title: plainLine(input.title),
        thumb: input.thumb || input.image,
        ...(input.publishedAt && { publishedAt: new Date(input.publishedAt).toISOString() }),
      });
    },
    async updateGallery(id: number, patch: Partial<GalleryInput>): Promise<GalleryRecord> {
      const current = await repos.galleries.get(id);
      if (!current) throw notFound('图纸不存在');
      const gameId = patch.gameId ?? current.gameId;
      if (patch.gameId !== undefined) await gameOr404(repos, patch.gameId);
      if (patch.issue !== undefined || patch.gameId !== undefined) {
        const other = await repos.galleries.findByIssue(gameId, patch.issue ?? current.issue);
        if (other && other.id !== id) throw invalid('issue', '该彩种这一期已有图纸');
      }
      const r = await repos.galleries.update(id, {
        ...patch,
        ...(patch.title !== undefined && { title: plainLine(patch.title) }),
        ...(patch.publishedAt && { publishedAt: new Date(patch.publishedAt).toISOString() }),
      });
      if (!r) throw notFound('图纸不存在');
      return r;
    },
    async removeGallery(id: number): Promise<void> {
      if (!(await repos.galleries.remove(id))) throw notFound('图纸不存在');
    },
  };
}
