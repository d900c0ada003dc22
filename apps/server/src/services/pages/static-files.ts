// The static data files of docs/architecture.md §5, built from the database once and kept in memory, with
// precompressed variants so a hit costs no serialisation or compression.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { CONFIG_KEYS, fiveElementsFile } from '@kaijiang/domain';
import type { ConfigFile, GameCenterFile, NoticeListFile } from '@kaijiang/domain';
import { approxBytes, boundedCache } from '../../lib/bounded-cache.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Repositories } from '../../repositories/index.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Below this size compression saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;
/** Bounds staleness when another instance wrote (it cannot tell us); rebuilding is cheap. */
const MAX_AGE_MS = 60_000;
/** Files kept: one per company and kind (names of unknown companies are never kept). */
const MAX_FILES = 512;
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** What a file counts for until it is built and its size known. */
const BUILDING_BYTES = 4 * 1024;

export interface StaticFile {
  body: Buffer;
  /** Strong ETag of the identity body, quoted; variants append -br / -gz inside the quotes. */
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

export interface StaticFiles {
  /** `name` is the path under /sys-upload/data/json/, e.g. "games.json". */
  get(name: string): Promise<StaticFile | undefined>;
  /** The file when it is built and current, without a promise (the every-request path). */
  peek(name: string): StaticFile | undefined;
  /** Drops every cached file; the next request rebuilds it. */
  invalidate(): void;
  /** Files held (tests): only names that exist stay, so it is bounded by the database. */
  size(): number;
}

export function fiveElementYears(now: Date = new Date()): number[] {
  const y = now.getUTCFullYear();
  const years: number[] = [];
  for (let year = Math.min(2020, y - 6); year <= Math.max(2035, y + 9); year++) years.push(year);
  return years;
}

type Builder = () => Promise<unknown>;

function builderFor(name: string, repos: Repositories): Builder | undefined {
  switch (name) {
    case 'config.json':
      return async (): Promise<ConfigFile> => ({ system_config: await repos.config.list() });
    case 'five-elements.json':
      return async () => fiveElementsFile(fiveElementYears());
    case 'games.json':
      return () => repos.games.list();
    case 'game_center.json':
      return async (): Promise<GameCenterFile> => repos.games.listGroups();
  }
  const notices = /^company\/([a-z0-9_-]{1,32})\/notice_list\.json$/.exec(name);
  if (notices) {
    const code = notices[1] as string;
    return async (): Promise<NoticeListFile | undefined> => {
      if (!(await repos.company.get(code))) return undefined;
      const rows = await repos.notices.listActive(code);
      return { roll_notice: rows.map((r) => ({ noticeContent: r.content })) };
    };
  }
  const company = /^company\/([a-z0-9_-]{1,32})\.json$/.exec(name);
  if (company) {
    const code = company[1] as string;
    return async () => {
      const c = await repos.company.get(code);
      if (!c) return undefined;
      // The settings entry is what operators edit; the company row keeps its own as a fallback.
      const url = await repos.config.get(CONFIG_KEYS.onlineServiceUrl);
      return { ...c, onlineServiceUrl: url || c.onlineServiceUrl };
    };
  }
  return undefined;
}

async function encode(value: unknown): Promise<StaticFile> {
  const body = Buffer.from(JSON.stringify(value));
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const file: StaticFile = { body, etag: `"${hash}"` };
  if (body.length >= COMPRESS_MIN_BYTES) {
    [file.br, file.gzip] = await Promise.all([
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip(body, { level: 9 }),
    ]);
  }
  return file;
}

export function createStaticFiles(
  repos: Repositories,
  changes: ChangeFeed,
  opts: { maxAgeMs?: number } = {},
): StaticFiles {
  const maxAge = opts.maxAgeMs ?? MAX_AGE_MS;
  /** `built`: the file once its promise has settled with one. */
  type Entry = { at: number; file: Promise<StaticFile | undefined>; built?: StaticFile };
  const cache = boundedCache<string, Entry>({
    max: MAX_FILES,
    maxBytes: MAX_FILE_BYTES,
    ttlMs: maxAge,
    sizeOf: (e, name) =>
      approxBytes(name) +
      (e.built
        ? e.built.body.length + (e.built.br?.length ?? 0) + (e.built.gzip?.length ?? 0) + 256
        : BUILDING_BYTES),
  });
  const current = (name: string) => {
    const hit = cache.get(name);
    return hit && Date.now() - hit.at < maxAge ? hit : undefined;
  };
  changes.subscribe(() => cache.clear());
  return {
    get(name) {
      const hit = current(name);
      if (hit) return hit.file;
      const build = builderFor(name, repos);
      if (!build) return Promise.resolve(undefined);
      const file = build().then((v) => (v === undefined ? undefined : encode(v)));
      const entry: Entry = { at: Date.now(), file };
      cache.set(name, entry);
      // Misses and failures are not kept: unknown codes must not grow the cache, errors retry.
      file.then(
        (f) => {
          const kept = cache.peek(name) === entry;
          if (f) entry.built = f;
          // Counted again at its real size (a new entry object: the cache sizes on replace).
          if (f && kept) {
            cache.set(name, { ...entry }, { ttl: Math.max(1, maxAge - (Date.now() - entry.at)) });
          } else if (kept) cache.delete(name);
        },
        () => cache.peek(name) === entry && cache.delete(name),
      );
      return file;
    },
    peek: (name) => current(name)?.built,
    invalidate() {
      cache.clear();
    },
    size: () => cache.size,
  };
}
