/**
 * Fades out the start-up loader that index.html paints before any JavaScript runs: 0.2 opacity
 * every 100 ms (spec §2), at once when the visitor prefers reduced motion.
 */
export const BOOT_FADE_STEP = 0.2;
export const BOOT_FADE_INTERVAL_MS = 100;

export function hideBootLoader(doc: Document = document): void {
  const el = doc.getElementById('kj-boot');
  if (!el || el.dataset.hiding) return;
  el.dataset.hiding = '1';
  el.setAttribute('aria-hidden', 'true');
  el.style.pointerEvents = 'none';
  const reduce = doc.defaultView?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce) {
    el.remove();
    return;
  }
  let opacity = 1;
  const timer = setInterval(() => {
    opacity = Math.max(0, +(opacity - BOOT_FADE_STEP).toFixed(2));
    el.style.opacity = String(opacity);
    if (opacity <= 0) {
      clearInterval(timer);
      el.remove();
    }
  }, BOOT_FADE_INTERVAL_MS);
}
