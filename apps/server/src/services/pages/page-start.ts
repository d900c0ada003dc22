// The two inline scripts of the site's pages, each allowed by the CSP by the hash of its text
// (plugins/external/helmet.ts), so 'unsafe-inline' is not needed. The theme script runs in the
// head of every page, before the first paint; the start script starts the web app on a
// server-rendered page, at the end of its body: the screen is already in the HTML, so nothing may
// compete with its first paint on a slow connection, not even a request for a start-up script.
import { createHash } from 'node:crypto';

/**
 * Browser code, as text (it is sent, not run here). Its attributes: data-entry, the entry module;
 * data-steps, the modules the entry imports, in the order they are evaluated; data-preload, the
 * screen's modules. Once the first contentful paint is in, it preloads them all, a few links per
 * task, and imports the steps one per task before the entry: evaluating the whole graph at once
 * was the longest task of the start on a slow phone. A browser without paint timing starts after
 * the next frame; any browser within a second at most. Button taps before the app has started
 * are replayed once it has taken the page over (#root[data-hydrated]).
 */
export const PAGE_START_SCRIPT = `(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var list = function (name) {
    return (me.getAttribute(name) || '').split(' ').filter(Boolean);
  };
  var steps = list('data-steps');
  var preload = steps.concat(list('data-preload'));
  var channel = new MessageChannel();
  var queue = [];
  channel.port1.onmessage = function () {
    queue.shift()();
  };
  function later(fn) {
    queue.push(fn);
    channel.port2.postMessage(0);
  }
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
    if (from + 4 < preload.length) later(function () { links(from + 4); });
  }
  function step(i) {
    if (i >= steps.length) return import(entry);
    var next = function () { later(function () { step(i + 1); }); };
    import(steps[i]).then(next, next);
  }
  // A tap on a button before the app runs would do nothing: it is kept, and replayed once the
  // app has taken the whole page over (links need no help: they are plain anchors).
  var root = document.getElementById('root');
  var taps = [];
  function keep(event) {
    var button = event.target.closest && event.target.closest('button');
    if (!button || !root || !root.contains(button) || root.hasAttribute('data-started')) return;
    if (taps[taps.length - 1] !== button) taps.push(button);
  }
  document.addEventListener('click', keep, true);
  if (root) {
    new MutationObserver(function (records, observer) {
      if (!root.hasAttribute('data-hydrated')) return;
      observer.disconnect();
      document.removeEventListener('click', keep, true);
      taps.forEach(function (button) {
        if (button.isConnected && !button.disabled) button.click();
      });
    }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
  }
  var started = false;
  function start() {
    if (started) return;
    started = true;
    links(0);
    later(function () { step(0); });
  }
  var P = window.PerformanceObserver;
  var soon = function () { setTimeout(start, 0); };
  if (P && P.supportedEntryTypes && P.supportedEntryTypes.indexOf('paint') >= 0) {
    new P(function (entries, observer) {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      soon();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(soon);
  }
  setTimeout(start, 1000);
})();`;

/**
 * Browser code, as text. Resolves the theme as the app does (apps/web/src/shared/ui/theme.ts: the
 * choice, copied into the "theme" cookie for this script; else the system's) and writes it to
 * <html data-theme> before the first paint: a visitor in dark mode never sees a light page flash
 * while the app loads, and the app, writing the same value, changes nothing. A cookie, not
 * localStorage: its first read costs a slow phone tens of milliseconds before anything shows.
 */
export const PAGE_THEME_SCRIPT = `(function () {
  var m = /(?:^|;\\s*)theme=(\\w+)/.exec(document.cookie);
  var t = m && m[1];
  var dark = t === 'dark' ||
    (t !== 'light' && !!window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
})();`;

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSP sources that allow these two inline scripts and no other. */
export const INLINE_SCRIPT_SOURCES = [cspHash(PAGE_THEME_SCRIPT), cspHash(PAGE_START_SCRIPT)];
