// The script a server-rendered page starts the web app with, inline at the end of its body: the
// screen is already in the HTML, so nothing may compete with its first paint on a slow connection,
// not even a request for a start-up script. Inline, it costs no round trip; the CSP allows exactly
// this text by its hash (plugins/external/helmet.ts), so 'unsafe-inline' is not needed.
import { createHash } from 'node:crypto';

/**
 * Browser code, as text (it is sent, not run here). It reads its own data-entry (the entry module)
 * and data-preload (the modules the entry and the screen import); once the first contentful paint
 * is in, it imports the entry and preloads the rest beside it, a few links per task. A browser
 * without paint timing starts after the next frame; any browser within a second at most.
 */
export const PAGE_START_SCRIPT = `(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function links(from) {
    var tags = document.createDocumentFragment();
    preload.slice(from, from + 4).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      tags.appendChild(link);
    });
    document.head.appendChild(tags);
    if (from + 4 < preload.length) setTimeout(links, 0, from + 4);
  }
  function start() {
    if (started) return;
    started = true;
    import(entry);
    setTimeout(links, 0, 0);
  }
  var later = function () { setTimeout(start, 0); };
  var P = window.PerformanceObserver;
  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf('paint') >= 0) {
    new P(function (list, observer) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      later();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(later);
  }
  setTimeout(start, 1000);
})();`;

/** The CSP source that allows PAGE_START_SCRIPT and no other inline script. */
export const PAGE_START_CSP_SOURCE = `'sha256-${createHash('sha256').update(PAGE_START_SCRIPT).digest('base64')}'`;
