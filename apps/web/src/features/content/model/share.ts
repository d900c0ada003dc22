import { copyText } from '@/shared/lib/copy-text';

/** How a link was shared: the system sheet, the clipboard, or not at all. */
export type ShareResult = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * Web Share API where there is one (phones), else the link is copied. A dismissed share sheet is
 * not an error.
 */
export async function shareLink(
  data: { title: string; url: string },
  nav: Navigator = navigator,
): Promise<ShareResult> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: data.title, url: data.url });
      return 'shared';
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(data.url, nav)) ? 'copied' : 'failed';
}
