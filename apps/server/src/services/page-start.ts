// The script a server-rendered page starts the web app with, inline at the end of its body: the
// screen is already in the HTML, so nothing may compete with its first paint on a slow connection,
// not even a request for a start-up script. Inline, it costs no round trip; the CSP allows exactly
// this text by its hash (plugins/external/helmet.ts), so 'unsafe-inline' is not needed.
import { createHash } from 'node:crypto';

/**
 * Browser code, as text (it is sent, not run here). Its attributes: data-entry, the entry module;
 * data-steps, the modules the entry imports, in the order they are evaluated; data-preload, the
 * screen's modules. Once the first contentful paint is in, it preloads them all, a few links per
 * task, and imports the steps one per task before the entry: evaluating the whole graph at once
 * was the longest task of the start on a slow phone. A browser without paint timing starts after
 * the next frame; any browser within a second at most.
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

/** The CSP source that allows PAGE_START_SCRIPT and no other inline script. */
export const PAGE_START_CSP_SOURCE = `'sha256-${createHash('sha256').update(PAGE_START_SCRIPT).digest('base64')}'`;
