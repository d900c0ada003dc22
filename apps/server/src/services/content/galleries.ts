import type { GalleryDetail, GalleryPage, GalleryPicture } from '@kaijiang/domain';
import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import { publicGallery } from '../../repositories/gallery-repository.ts';
import type { GalleryPatch, GalleryRecord } from '../../repositories/gallery-repository.ts';
import { gameOr404, invalid, offsetOf } from './common.ts';
import type { Paging } from './common.ts';
import { plainLine } from './sanitize.ts';

interface PictureInput {
  image: string;
  thumb?: string;
  caption?: string;
}

/** What an editor sends about the pictures: one (image/thumb) or the whole set (pictures). */
interface PicturesGiven {
  image?: string;
  thumb?: string;
  pictures?: PictureInput[];
}

export interface GalleryCreate extends PicturesGiven {
  gameId: number;
  issue: string;
  title: string;
  publishedAt?: string;
  active?: boolean;
}

export type GalleryEdit = Partial<GalleryCreate>;

const picture = (p: PictureInput): GalleryPicture => ({
  image: p.image,
  thumb: p.thumb || p.image,
  caption: plainLine(p.caption ?? ''),
});

/** The set a request asks for, or undefined when it leaves the pictures alone. A lone image
 * replaces the cover and keeps the rest of the set. */
function setFrom(given: PicturesGiven, current: GalleryPicture[]): GalleryPicture[] | undefined {
  if (given.pictures && (given.image !== undefined || given.thumb !== undefined)) {
    throw invalid('pictures', '请只给出图片组，或只给出一张图片');
  }
  if (given.pictures) return given.pictures.map(picture);
  if (given.image === undefined && given.thumb === undefined) return undefined;
  const image = given.image ?? current[0]?.image;
  if (!image) throw invalid('image', '请上传图片');
  const cover = picture({ image, thumb: given.thumb ?? (given.image ? '' : current[0]?.thumb) });
  return [cover, ...current.slice(1)];
}

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
    /** An entry with its whole set, hidden or not (the console's editor). */
    async adminGallery(id: number) {
      const g = await repos.galleries.get(id);
      if (!g) throw notFound('图纸不存在');
      return { ...g, pictures: await repos.galleries.pictures(id) };
    },
    async createGallery(input: GalleryCreate): Promise<GalleryRecord> {
      await gameOr404(repos, input.gameId);
      const pictures = setFrom(input, []);
      if (!pictures) throw invalid('image', '请上传图片');
      if (await repos.galleries.findByIssue(input.gameId, input.issue)) {
        throw invalid('issue', '该彩种这一期已有图纸');
      }
      return repos.galleries.create({
        gameId: input.gameId,
        issue: input.issue,
        title: plainLine(input.title),
        pictures,
        ...(input.active !== undefined && { active: input.active }),
        ...(input.publishedAt && { publishedAt: new Date(input.publishedAt).toISOString() }),
      });
    },
    async updateGallery(id: number, edit: GalleryEdit): Promise<GalleryRecord> {
      const current = await repos.galleries.get(id);
      if (!current) throw notFound('图纸不存在');
      const { image: _image, thumb: _thumb, pictures: _pictures, ...fields } = edit;
      const patch: GalleryPatch = fields;
      const pictures = setFrom(edit, await repos.galleries.pictures(id));
      if (pictures) patch.pictures = pictures;
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
