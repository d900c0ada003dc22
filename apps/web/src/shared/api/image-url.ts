import { IS_APP_BUILD } from '../config/build';
import { runtimeConfig } from '../config/runtime-config';

const UPLOAD_ROOTS = ['/sys-upload', '/cloud-upload'];

function apiOrigin(apiBase: string): string {
  try {
    return new URL(apiBase).origin;
  } catch {
    return '';
  }
}

/**
 * Spec §7: a relative image path outside the upload roots is an upload under /sys-upload/; the app
 * build has no web origin of its own, so it prefixes the API's origin.
 */
export function imageUrl(
  path: string | null | undefined,
  opts: { appBuild?: boolean; apiBase?: string } = {},
): string {
  const raw = (path ?? '').trim();
  if (!raw) return '';
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(raw)) return raw;
  const rooted = UPLOAD_ROOTS.some((root) => raw === root || raw.startsWith(`${root}/`))
    ? raw
    : `/sys-upload/${raw.replace(/^\/+/, '')}`;
  const appBuild = opts.appBuild ?? IS_APP_BUILD;
  if (!appBuild) return rooted;
  return `${apiOrigin(opts.apiBase ?? runtimeConfig().apiBase)}${rooted}`;
}
