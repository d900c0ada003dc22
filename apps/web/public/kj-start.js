/* global document, requestAnimationFrame */
// Starts the web app on a page the server has rendered (the server puts this script in place of
// the app's module tags). The screen is already in the HTML, so its first paint must not share
// a slow connection with the JavaScript: the modules are requested once that frame is painted.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var preload = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var started = false;
  function add(parent, tag, props) {
    var el = document.createElement(tag);
    for (var key in props) el[key] = props[key];
    el.crossOrigin = '';
    parent.appendChild(el);
  }
  function start() {
    if (started) return;
    started = true;
    // A dynamic import rather than a <script type=module>: inserting that element cost a slow
    // phone a 100 ms task of its own.
    import(entry);
    // The modules the entry and the screen import, fetched beside it rather than one level at a
    // time; a task of its own, so neither insertion makes a long one on a slow phone.
    setTimeout(function () {
      var tags = document.createDocumentFragment();
      preload.forEach(function (href) {
        add(tags, 'link', { rel: 'modulepreload', href: href });
      });
      document.head.appendChild(tags);
    }, 0);
  }
  // requestAnimationFrame runs just before the first paint, the timeout just after it. A tab
  // opened in the background paints nothing, hence the second timeout.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
