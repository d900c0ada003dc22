// Bulk upload into a series (docs/architecture.md §14): a preview that reads every file's name
// and header and keeps the bytes under a token for a while, then a save that re-encodes each
// picture off the event loop (encoder.ts) and stores it under a content-hash name.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { GalleryModes, GalleryVariant, UploadPreview, UploadResult } from '@kaijiang/domain';
import { Buckets } from '../chat/buckets.ts';
import { boundedCache } from '../../lib/bounded-cache.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { Encoder } from './encoder.ts';
import { MAX_PIXELS, readImageHeader } from './image-header.ts';
import { matchName } from './upload-names.ts';
import { readZip, ZIP_ENTRY_MAX_BYTES, ZipRefused } from './zip.ts';

/** Pictures of the library live here under DATA_DIR/uploads, named by their content's hash. */
export const GALLERY_UPLOAD_DIR = 'gallery';
/** Files in one preview, and bytes in all (a zip counts as what it inflates to). */
export const UPLOAD_MAX_FILES = 500;
export const UPLOAD_MAX_BYTES = 120 * 1024 * 1024;
/** A preview's files are kept this long for its save. */
const TOKEN_TTL_MS = 30 * 60_000;
/** Previews kept per operator (a newer one drops the oldest), and in all. */
const TOKENS_PER_OPERATOR = 2;

export interface RawFile {
  name: string;
  bytes: Buffer;
}

interface Kept {
  seriesId: number;
  operator: string;
  bytes: number;
  files: { issue: string; variant: GalleryVariant; position: number; bytes: Buffer }[];
}

const refuse = (msg: string) => new AppError(400, 'REQ/INVALID', msg, { files: msg });

export function createGalleryUploads(deps: {
  repos: Repositories;
  encoder: Encoder;
  uploadsDir: string;
  now?: () => Date;
}) {
  const { repos } = deps;
  const now = deps.now ?? (() => new Date());
  const kept = boundedCache<string, Kept>({
    max: 20,
    maxBytes: 400 * 1024 * 1024,
    ttlMs: TOKEN_TTL_MS,
    sizeOf: (v) => v.bytes + 1024,
  });
  const byOperator = new Map<string, string[]>();
  // Previews per operator: bulk work, but each reads up to 120 MB.
  const previews = new Buckets(10, 30_000);

  /** A zip's entries or the file itself, each with a problem when it is not a usable picture. */
  async function expand(
    files: RawFile[],
  ): Promise<{ name: string; bytes: Buffer | null; problem: string | null }[]> {
    const out: { name: string; bytes: Buffer | null; problem: string | null }[] = [];
    for (const f of files) {
      const isZip =
        /\.zip$/i.test(f.name) || f.bytes.subarray(0, 4).toString('latin1') === 'PK\x03\x04';
      if (!isZip) {
        out.push({
          name: f.name,
          bytes: f.bytes,
          problem: f.bytes.length > ZIP_ENTRY_MAX_BYTES ? '文件过大（单张不超过 12 MB）' : null,
        });
        continue;
      }
      try {
        out.push(...(await readZip(f.bytes)));
      } catch (err) {
        if (err instanceof ZipRefused) throw refuse(`${f.name}：${err.message}`);
        throw err;
      }
    }
    if (out.length > UPLOAD_MAX_FILES) throw refuse(`一次最多 ${UPLOAD_MAX_FILES} 个文件`);
    return out;
  }

  return {
    async preview(seriesId: number, operator: string, files: RawFile[]): Promise<UploadPreview> {
      const series = await repos.gallerySeries.seriesGet(seriesId);
      if (!series) throw notFound('图库不存在');
      const wait = previews.take(operator, now().getTime());
      if (wait > 0)
        throw new AppError(429, 'REQ/RATE_LIMITED', '上传太频繁，请稍后再试', null, {
          'retry-after': String(Math.ceil(wait / 1000)),
        });
      if (files.length === 0) throw refuse('没有收到文件');
      const game = await repos.games.get(series.game_id);
      const issueDigits = game?.intervalMinutes ? 12 : 7;
      const year = now().getUTCFullYear();
      const entries = await expand(files);
      const taken = new Map<string, string>();
      const rows: UploadPreview['files'] = [];
      const keep: Kept['files'] = [];
      let total = 0;
      const matched = entries.map((e) => {
        const m = matchName(e.name, { issueDigits, modes: series.modes as GalleryModes, year });
        let problem = e.problem ?? m.problem;
        if (!problem && e.bytes) {
          const head = readImageHeader(e.bytes);
          if (!head) problem = '不是图片（只收 JPG、PNG、GIF）';
          else if (head.width < 1 || head.height < 1) problem = '图片已损坏';
          else if (head.width * head.height > MAX_PIXELS)
            problem = '图片尺寸过大（最多 4000 万像素）';
        }
        if (!problem && m.issue) {
          const key = `${m.issue}|${m.variant}|${m.position}`;
          const first = taken.get(key);
          if (first) problem = `与「${first}」重复`;
          else taken.set(key, e.name);
        }
        return { e, m, problem };
      });
      const issues = [...new Set(matched.flatMap((x) => (x.m.issue ? [x.m.issue] : [])))];
      const there = new Set(
        (await repos.gallerySeries.places(seriesId, issues)).map(
          (p) => `${p.issue}|${p.variant}|${p.position}`,
        ),
      );
      for (const { e, m, problem } of matched) {
        rows.push({
          name: e.name.slice(0, 200),
          issue: m.issue,
          variant: m.variant,
          position: m.position,
          replaces: m.issue !== null && there.has(`${m.issue}|${m.variant}|${m.position}`),
          problem,
        });
        if (!problem && e.bytes && m.issue && m.variant && m.position !== null) {
          keep.push({ issue: m.issue, variant: m.variant, position: m.position, bytes: e.bytes });
          total += e.bytes.length;
        }
      }
      if (total > UPLOAD_MAX_BYTES) throw refuse('文件总大小超过 120 MB，请分批上传');
      const token = randomBytes(16).toString('hex');
      kept.set(token, { seriesId, operator, bytes: total, files: keep });
      const mine = [...(byOperator.get(operator) ?? []).filter((t) => kept.has(t)), token];
      while (mine.length > TOKENS_PER_OPERATOR) kept.delete(mine.shift()!);
      byOperator.set(operator, mine);
      if (byOperator.size > 1_000) byOperator.delete(byOperator.keys().next().value!);
      return {
        token,
        expiresAt: new Date(now().getTime() + TOKEN_TTL_MS).toISOString(),
        files: rows,
      };
    },

    /** Saves what a preview showed: each picture re-encoded in three sizes. */
    async save(seriesId: number, operator: string, token: string): Promise<UploadResult> {
      const k = kept.get(token);
      if (!k || k.seriesId !== seriesId || k.operator !== operator)
        throw notFound('预览已过期，请重新上传');
      kept.delete(token);
      const series = await repos.gallerySeries.seriesGet(seriesId);
      if (!series) throw notFound('图库不存在');
      const issues = new Set<string>();
      let saved = 0;
      for (const f of k.files) {
        let encoded;
        try {
          encoded = await deps.encoder.encode(f.bytes);
        } catch {
          continue; // a file that passed its header but fails to decode is left out
        }
        const image = {
          thumb: await store(deps.uploadsDir, encoded.files.thumb),
          phone: await store(deps.uploadsDir, encoded.files.phone),
          desktop: await store(deps.uploadsDir, encoded.files.desktop),
          width: encoded.width,
          height: encoded.height,
        };
        const draw = await repos.draws.get(series.game_id, f.issue);
        await repos.gallerySeries.putPicture(
          seriesId,
          {
            issue: f.issue,
            year: Number(f.issue.slice(0, 4)),
            publishedAt: draw?.drawAt ?? now().toISOString(),
          },
          { variant: f.variant, position: f.position, image, caption: '' },
        );
        issues.add(f.issue);
        saved++;
      }
      await repos.gallerySeries.refresh(seriesId);
      return { saved, issues: [...issues].sort().reverse() };
    },
  };
}

/** Writes a file under its content's hash; the same picture saved twice is one file. */
async function store(uploadsDir: string, bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const rel = `${GALLERY_UPLOAD_DIR}/${hash.slice(0, 2)}/${hash}.jpg`;
  const file = path.join(uploadsDir, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes, { flag: 'wx' }).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw e;
  });
  return `/sys-upload/${rel}`;
}

export type GalleryUploads = ReturnType<typeof createGalleryUploads>;
