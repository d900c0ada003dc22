// The bulk upload's preview call. It is the one call of the console that goes through
// XMLHttpRequest instead of the RTK Query api (shared/api.ts): fetch() reports no upload
// progress, and a folder of a year's pictures takes a while to send. Same cookie, anti-forgery
// header and envelope as every other call.
import type { UploadPreview } from '@kaijiang/domain';
import { failureOf, xsrfToken, type ApiFailure } from '../../shared/api';
import { GALLERY_ADMIN } from './gallery-api';

/**
 * Sends the files (each under its own name: the name gives the issue) and answers the server's
 * preview; rejects with an ApiFailure. `onProgress` gets the share sent, 0 to 1.
 */
export function previewUpload(
  seriesId: number,
  files: readonly File[],
  onProgress: (sent: number) => void,
  signal?: AbortSignal,
): Promise<UploadPreview> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${GALLERY_ADMIN}/series/${seriesId}/uploads`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-xsrf-token', xsrfToken());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    const network = (): void =>
      reject({ status: 0, code: 'NETWORK', msg: 'network', fields: {} } satisfies ApiFailure);
    xhr.onerror = network;
    xhr.onabort = network;
    xhr.onload = () => {
      let envelope: { code?: string; msg?: string; data?: unknown } = {};
      try {
        envelope = JSON.parse(xhr.responseText) as typeof envelope;
      } catch {
        // A proxy's HTML error page is no envelope: the status alone speaks then.
      }
      if (xhr.status >= 200 && xhr.status < 300 && envelope.code === 'OK') {
        resolve(envelope.data as UploadPreview);
      } else {
        reject(failureOf(xhr.status, envelope));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
