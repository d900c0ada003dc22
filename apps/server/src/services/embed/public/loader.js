// The one line a webmaster pastes: <script src="https://<site>/embed/loader.js" data-game="110"
// data-size="card" async></script>. It puts the widget's iframe where the script stands, at the
// size the widget is drawn for.
(function () {
  'use strict';
  var me = document.currentScript;
  if (!me) return;
  var sizes = { ticker: ['100%', 52], card: ['360', 132], countdown: ['360', 146] };
  var size = sizes[me.getAttribute('data-size')] ? me.getAttribute('data-size') : 'card';
  var game = /^\d{1,9}$/.test(me.getAttribute('data-game') || '')
    ? me.getAttribute('data-game')
    : '110';
  var q = 'size=' + size;
  var theme = me.getAttribute('data-theme');
  if (theme === 'light' || theme === 'dark' || theme === 'auto') q += '&theme=' + theme;
  var lang = me.getAttribute('data-lang');
  if (lang === 'zh-Hans' || lang === 'zh-Hant') q += '&lang=' + lang;
  var frame = document.createElement('iframe');
  frame.src = new URL('/embed/' + game + '?' + q, me.src).href;
  frame.title = me.getAttribute('data-title') || '开奖结果';
  frame.width = sizes[size][0];
  frame.height = String(sizes[size][1]);
  frame.loading = 'lazy';
  frame.style.border = '0';
  frame.style.maxWidth = '100%';
  frame.setAttribute('scrolling', 'no');
  me.parentNode.insertBefore(frame, me.nextSibling);
})();
