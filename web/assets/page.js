// The game page's script: stepping without reloading (links, arrow keys,
// swipes), the sowing animation when stepping forward, and the live view.
// Without it the page works as plain links (?ply=N).
(function () {
  'use strict';
  var reduceMotion = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  var pending = null;

  function main() { return document.getElementById('main'); }
  function num(el, key) { return el ? parseInt(el.getAttribute(key), 10) : NaN; }

  // go shows the page at href (same page, another ply): it fetches it and
  // swaps #main and the result line; animate plays the move's sowing.
  function go(href, animate) {
    if (pending) { pending.abort(); }
    var ctl = new AbortController();
    pending = ctl;
    var focused = document.activeElement && document.activeElement.id;
    return fetch(href, { signal: ctl.signal, headers: { 'Accept': 'text/html' } })
      .then(function (r) {
        if (!r.ok) { throw new Error('status ' + r.status); }
        return r.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var next = doc.getElementById('main');
        if (!next) { throw new Error('no page'); }
        // The live region (#position) stays the same element, its content
        // replaced: screen readers announce changes to a region they
        // already know, not a new one.
        var live = document.getElementById('position');
        main().replaceWith(document.importNode(next, true));
        var fresh = document.getElementById('position');
        if (live && fresh) {
          live.innerHTML = fresh.innerHTML;
          ['data-ply', 'data-cells'].forEach(function (a) { live.setAttribute(a, fresh.getAttribute(a)); });
          fresh.replaceWith(live);
        }
        var res = doc.getElementById('result');
        var cur = document.getElementById('result');
        if (res && cur) { cur.replaceWith(document.importNode(res, true)); }
        document.title = doc.title;
        history.replaceState(null, '', href);
        var board = document.getElementById('board');
        if (animate && !reduceMotion && board && board.getAttribute('data-move')) {
          board.src = board.getAttribute('data-move');
        }
        if (focused) {
          var f = document.getElementById(focused);
          if (f && f.focus) { f.focus(); }
        }
        pending = null;
      })
      .catch(function (err) {
        if (err && err.name === 'AbortError') { return; }
        pending = null;
        window.location.href = href; // fall back to loading the page
      });
  }

  // follow shows the link's ply if it is one of this page's. The address
  // is read as an attribute: an SVG link's href (the graph's points) is an
  // SVGAnimatedString, not a string. A link without a language (the
  // graph's "?ply=N") keeps the page's.
  function follow(a) {
    var href = a && a.getAttribute('href');
    if (!href) { return false; }
    var here = new URL(window.location.href);
    var u = new URL(href, here.href);
    if (u.origin !== here.origin || u.pathname !== here.pathname || !u.searchParams.has('ply')) {
      return false;
    }
    if (!u.searchParams.has('lang') && here.searchParams.has('lang')) {
      u.searchParams.set('lang', here.searchParams.get('lang'));
    }
    var from = num(main(), 'data-ply');
    var to = parseInt(u.searchParams.get('ply'), 10);
    go(u.href, to === from + 1);
    return true;
  }

  document.addEventListener('click', function (e) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) { return; }
    var a = e.target.closest ? e.target.closest('a') : null;
    if (a && main().contains(a) && follow(a)) { e.preventDefault(); }
  });

  var keys = { ArrowRight: 'next', ArrowLeft: 'prev', Home: 'first', End: 'last' };
  document.addEventListener('keydown', function (e) {
    if (e.metaKey || e.ctrlKey || e.altKey || e.shiftKey) { return; }
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
    var id = keys[e.key];
    if (!id) { return; }
    var a = document.getElementById(id);
    if (a && a.tagName === 'A') {
      e.preventDefault();
      follow(a);
    }
  });

  // Swipes on the board: left for the next move, right for the previous.
  var touch = null;
  document.addEventListener('touchstart', function (e) {
    var t = e.target.closest ? e.target.closest('.board') : null;
    touch = t && e.touches.length === 1 ? { x: e.touches[0].clientX, y: e.touches[0].clientY } : null;
  }, { passive: true });
  document.addEventListener('touchend', function (e) {
    if (!touch || e.changedTouches.length !== 1) { return; }
    var dx = e.changedTouches[0].clientX - touch.x;
    var dy = e.changedTouches[0].clientY - touch.y;
    touch = null;
    if (Math.abs(dx) < 50 || Math.abs(dx) < 2 * Math.abs(dy)) { return; }
    var a = document.getElementById(dx < 0 ? 'next' : 'prev');
    if (a && a.tagName === 'A') { follow(a); }
  }, { passive: true });

  // The live view: the server's events say when the game changed.
  var url = document.body.getAttribute('data-events');
  if (url && window.EventSource) {
    var es = new EventSource(url);
    var refresh = function () {
      var m = main();
      var atEnd = num(m, 'data-ply') === num(m, 'data-last');
      var u = new URL(window.location.href);
      if (atEnd) { u.searchParams.delete('ply'); } // follow the game
      go(u.href, atEnd);
    };
    var version = parseInt(document.body.getAttribute('data-version'), 10);
    es.addEventListener('game', function (e) {
      var d = JSON.parse(e.data);
      if (d.version !== version) { refresh(); }
      version = d.version;
    });
    es.addEventListener('watchers', function (e) {
      var d = JSON.parse(e.data);
      var w = document.getElementById('watchers');
      if (w) {
        w.textContent = d.text;
        w.setAttribute('data-count', String(d.count));
      }
    });
    es.addEventListener('end', function () {
      es.close();
      refresh();
    });
  }
}());
