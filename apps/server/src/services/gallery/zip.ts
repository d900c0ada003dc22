// An operator's zip of pictures, opened with every size bounded (docs/architecture.md §14): the
// entries are inflated as a stream and counted as they come, so an archive whose entries claim
// little and inflate to gigabytes (a zip bomb) stops at the limit, not when memory runs out.
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';

export const ZIP_MAX_ENTRIES = 500;
export const ZIP_ENTRY_MAX_BYTES = 12 * 1024 * 1024;
export const ZIP_TOTAL_MAX_BYTES = 120 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  bytes: Buffer | null;
  /** Why the entry is not kept (shown in the preview), or null. */
  problem: string | null;
}

export class ZipRefused extends Error {}

/** A name that could leave the folder it is put in (../, an absolute path, a drive). */
export function unsafeName(name: string): boolean {
  return (
    name.startsWith('/') ||
    name.startsWith('\\') ||
    /^[A-Za-z]:/.test(name) ||
    name.split(/[\\/]/).some((part) => part === '..') ||
    name.includes('\0')
  );
}

/** The entries of a zip, each inflated up to ZIP_ENTRY_MAX_BYTES; throws ZipRefused past the totals. */
export async function readZip(zip: Uint8Array): Promise<ZipEntry[]> {
  const entries: ZipEntry[] = [];
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (entries.length >= ZIP_MAX_ENTRIES) {
      failure = new ZipRefused(`压缩包内文件超过 ${ZIP_MAX_ENTRIES} 个`);
      return;
    }
    const name = file.name;
    if (unsafeName(name)) {
      entries.push({ name, bytes: null, problem: '文件名含有不安全的路径' });
      return;
    }
    // Folders, and the resource forks and dotfiles macOS adds, are not pictures nor problems.
    if (name.endsWith('/') || name.startsWith('__MACOSX/') || /(^|\/)\./.test(name)) return;
    const entry: ZipEntry = { name, bytes: null, problem: null };
    entries.push(entry);
    if (file.compression !== 0 && file.compression !== 8) {
      entry.problem = '不支持的压缩方式';
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, data, final) => {
      if (entry.problem) return;
      if (err) {
        entry.problem = '压缩包已损坏';
        return;
      }
      size += data.length;
      total += data.length;
      if (total > ZIP_TOTAL_MAX_BYTES) {
        failure ??= new ZipRefused('压缩包解压后过大');
        file.terminate();
        return;
      }
      if (size > ZIP_ENTRY_MAX_BYTES) {
        entry.problem = '文件过大（单张不超过 12 MB）';
        chunks.length = 0;
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) entry.bytes = Buffer.concat(chunks);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  // Fed in slices with a turn of the event loop between them: a failure stops the reading
  // part-way, and other visitors' requests are served while a large archive is read.
  const SLICE = 64 * 1024;
  for (let at = 0; at < zip.length && !failure; at += SLICE) {
    try {
      unzip.push(zip.subarray(at, at + SLICE), at + SLICE >= zip.length);
    } catch {
      throw new ZipRefused('压缩包已损坏');
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (failure) throw failure;
  if (entries.length === 0) throw new ZipRefused('压缩包里没有文件，或已损坏');
  for (const e of entries) if (!e.bytes && !e.problem) e.problem = '压缩包已损坏';
  return entries;
}
