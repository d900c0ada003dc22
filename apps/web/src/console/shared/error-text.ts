import { isApiFailure } from './api';
import type { T } from './i18n';

/** What to tell the operator about a failed call: the server's own words when it gave them. */
export function errorText(error: unknown, t: T): string {
  if (!isApiFailure(error)) return t('error.unknown');
  if (error.code === 'NETWORK') return t('error.network');
  if (error.status === 429) return error.msg || t('error.busy');
  if (error.status >= 500) return t('error.server');
  return error.msg || t('error.unknown');
}

/** The per-field messages of a failed call (`{ password: '…' }`). */
export const fieldErrors = (error: unknown): Record<string, string> =>
  isApiFailure(error) ? error.fields : {};
