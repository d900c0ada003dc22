// What the operator picked for a bulk upload, and what the server's preview says of it: pure, so
// the table and the limits are tested without a browser (upload-selection.test.ts).
import type { UploadPreview } from '@kaijiang/domain';

/**
 * The server's limits of one upload (apps/server/src/services/gallery/uploads.ts), said before a large
 * selection is sent for nothing; the server checks them again.
 */
export const UPLOAD_MAX_FILES = 500;
export const UPLOAD_MAX_BYTES = 120 * 1024 * 1024;

/** Where a file sits in the picked folder (its own name for a file picked alone). */
const placeOf = (f: File): string => f.webkitRelativePath || f.name;

/**
 * The selection after adding `more` to `kept`: the same file picked twice counts once, and the
 * files a system leaves in folders (.DS_Store, ._name) are left out.
 */
export function addToSelection(kept: readonly File[], more: readonly File[]): File[] {
  const seen = new Set(kept.map(placeOf));
  const next = [...kept];
  for (const f of more) {
    if (f.name.startsWith('.') || seen.has(placeOf(f))) continue;
    seen.add(placeOf(f));
    next.push(f);
  }
  return next;
}

export type SelectionProblem =
  { kind: 'tooMany'; n: number } | { kind: 'tooLarge'; bytes: number } | null;

export function selectionProblem(files: readonly File[]): SelectionProblem {
  if (files.length > UPLOAD_MAX_FILES) return { kind: 'tooMany', n: files.length };
  const bytes = totalBytes(files);
  return bytes > UPLOAD_MAX_BYTES ? { kind: 'tooLarge', bytes } : null;
}

export const totalBytes = (files: readonly File[]): number =>
  files.reduce((sum, f) => sum + f.size, 0);

/** 1.5 MB, 320 KB, 12 B. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export interface PreviewSummary {
  /** Files that will be saved. */
  ok: number;
  /** Of those, files that replace a picture already there. */
  replace: number;
  /** Files that will not be saved. */
  bad: number;
  /** Issues that get a picture, newest first. */
  issues: string[];
}

export function summarize(preview: UploadPreview): PreviewSummary {
  const saved = preview.files.filter((f) => !f.problem && f.issue !== null);
  const issues = [...new Set(saved.map((f) => f.issue as string))].sort((a, b) =>
    b.localeCompare(a, 'en', { numeric: true }),
  );
  return {
    ok: saved.length,
    replace: saved.filter((f) => f.replaces).length,
    bad: preview.files.length - saved.length,
    issues,
  };
}

/** The preview's rows, files with a problem first (they need the operator), then by issue. */
export function previewRows(preview: UploadPreview, onlyProblems: boolean) {
  const rows = preview.files.filter((f) => !onlyProblems || f.problem || f.issue === null);
  const bad = (f: UploadPreview['files'][number]) => (f.problem || f.issue === null ? 0 : 1);
  return [...rows].sort(
    (a, b) =>
      bad(a) - bad(b) ||
      (b.issue ?? '').localeCompare(a.issue ?? '', 'en', { numeric: true }) ||
      (a.variant ?? '').localeCompare(b.variant ?? '') ||
      (a.position ?? 0) - (b.position ?? 0) ||
      a.name.localeCompare(b.name),
  );
}
