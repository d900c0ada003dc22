// The results widget inside its iframe (/embed/{gameId}): the page arrives with the latest
// snapshot already drawn by the server; this keeps it live over the site's live socket
// (docs/architecture.md §7) and counts down on the server's clock. Plain script, no framework: the whole
// widget stays a few kilobytes.
(function () {
  'use strict';
  var cfg = JSON.parse(document.getElementById('kj-embed').textContent);
  var w = cfg.words;
  var root = document.querySelector('.w');
  var balls = root.querySelector('.b');
  var issue = root.querySelector('.i');
  var state = root.querySelector('.s');
  var next = root.querySelector('.n');
  var clock = root.querySelector('.cd');
  var snap = cfg.snap;
  var offset = snap ? Date.parse(snap.serverTime) - Date.now() : 0;
  var COLOURS = { r: 'red', b: 'blue', g: 'green' };

  function zodiacs(drawAt) {
    var t = Date.parse(drawAt);
    var z = cfg.lunar[0].z;
    for (var i = 0; i < cfg.lunar.length; i++)
      if (Date.parse(cfg.lunar[i].from) <= t) z = cfg.lunar[i].z;
    return z;
  }

  function ball(n, z) {
    var li = document.createElement('li');
    var v = Number(n);
    var colour = COLOURS[cfg.c.charAt(v - 1)];
    li.className = 'ball ' + colour;
    li.setAttribute('data-n', n);
    li.setAttribute('role', 'img');
    li.setAttribute('aria-label', n + ' ' + w[colour] + ' ' + z.charAt(v - 1));
    var b = document.createElement('b');
    b.textContent = n;
    var i = document.createElement('i');
    i.textContent = z.charAt(v - 1);
    i.setAttribute('aria-hidden', 'true');
    li.appendChild(b);
    li.appendChild(i);
    return li;
  }

  function render(s) {
    snap = s;
    offset = Date.parse(s.serverTime) - Date.now();
    issue.textContent = w.issue.replace('{issue}', s.issue);
    state.textContent = w[s.status] + (s.source === 'simulator' ? ' · ' + w.sim : '');
    state.setAttribute('data-status', s.status);
    var z = zodiacs(s.drawAt);
    // Balls already shown stay (their entrance is not played again); new ones come in.
    var have = {};
    for (var c = 0; c < balls.children.length; c++) {
      var n = balls.children[c].getAttribute('data-n');
      if (n) have[n] = balls.children[c];
    }
    var items = [];
    for (var k = 0; k < 7; k++) {
      if (k === 6) {
        var plus = document.createElement('li');
        plus.className = 'plus';
        plus.setAttribute('aria-hidden', 'true');
        plus.textContent = '+';
        items.push(plus);
      }
      if (k < s.numbers.length) items.push(have[s.numbers[k]] || ball(s.numbers[k], z));
      else {
        var wait = document.createElement('li');
        wait.className = 'ball wait';
        wait.setAttribute('aria-hidden', 'true');
        wait.textContent = '?';
        items.push(wait);
      }
    }
    balls.replaceChildren.apply(balls, items);
    if (next) next.firstChild.textContent = w.next.replace('{issue}', s.nextIssue) + ' ';
    tick();
  }

  function two(n) {
    return (n < 10 ? '0' : '') + n;
  }

  function tick() {
    if (!clock || !snap) return;
    var left = Math.floor((Date.parse(snap.nextDrawAt) - (Date.now() + offset)) / 1000);
    if (snap.status === 'drawing' || left <= 0) {
      clock.textContent = w.drawing;
      return;
    }
    var h = Math.floor(left / 3600);
    var m = Math.floor((left % 3600) / 60);
    var text = two(m) + ':' + two(left % 60);
    clock.textContent = (h > 0 ? h + ':' : '') + text;
  }
  setInterval(tick, 1000);

  // The live socket: the hosts the site names (same origin by default), one at random, again
  // after 1 s, then up to 5 s apart; a ping every 15 s, and no answer in 15 s closes it.
  var tries = 0;
  function guid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return String(Math.random()).slice(2) + String(Date.now());
  }
  function url() {
    var hosts = cfg.hosts.length ? cfg.hosts : [''];
    var host = hosts[Math.floor(Math.random() * hosts.length)];
    var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    var origin =
      host === '' ? scheme + location.host : /^wss?:\/\//.test(host) ? host : scheme + host;
    return origin.replace(/\/+$/, '') + '/ws-game/' + guid();
  }
  function connect() {
    var socket;
    try {
      socket = new WebSocket(url());
    } catch {
      return later();
    }
    var pinger;
    var answered = true;
    socket.onopen = function () {
      tries = 0;
      root.setAttribute('data-live', 'on');
      socket.send(JSON.stringify({ id: 's', command: 67, content: { gameIds: [cfg.gameId] } }));
      pinger = setInterval(function () {
        if (!answered) return socket.close();
        answered = false;
        socket.send(JSON.stringify({ id: 'p', command: 66, content: 'Ping' }));
      }, 15000);
    };
    socket.onmessage = function (e) {
      answered = true;
      var f;
      try {
        f = JSON.parse(e.data);
      } catch {
        return;
      }
      if (f.command === 70 && f.content && f.content.gameId === cfg.gameId) render(f.content);
    };
    socket.onclose = function () {
      clearInterval(pinger);
      root.setAttribute('data-live', 'off');
      later();
    };
  }
  function later() {
    tries++;
    setTimeout(connect, Math.min(5000, 1000 * tries));
  }
  if (snap) tick();
  connect();
})();
