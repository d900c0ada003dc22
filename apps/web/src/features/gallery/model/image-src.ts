import { imageUrl } from '@/shared/api/image-url';
import { IS_APP_BUILD } from '@/shared/config/build';
import { runtimeConfig } from '@/shared/config/runtime-config';

/**
 * A gallery picture's address. Uploads follow the site's image rules (imageUrl, spec §7); the
 * demo library's sheets are drawn by the API itself (/app-api/api/v2/gallery/demo/…,
 * apps/server/src/routes/gallery/demo.ts): on the web's own origin as they are, in the app build
 * on the API's origin.
 */
export function imageSrc(path: string): string {
  if (!path.startsWith('/app-api/')) return imageUrl(path);
  if (!IS_APP_BUILD) return path;
  try {
    return new URL(path, runtimeConfig().apiBase).href;
  } catch {
    return path;
  }
}
