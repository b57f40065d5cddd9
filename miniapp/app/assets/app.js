// The board app's client (issue #29): the live board of one game, for the
// Telegram Mini App and the Discord Activity. It signs in with the
// platform (Telegram's initData, or Discord's authorize/authenticate
// through discord.js), then shows the server's PNG of the board with a
// box over every cell. The player to move taps a pit: the first tap shows
// what the move will do (the pits sown, where the last seed lands, what is
// captured, an extra turn, the end of the game), a second tap on the same
// pit or Confirm plays it; a pit with several moves (Bao's directions, go
// on or stop) offers one chip per move. Tapping elsewhere cancels.
// Spectators get the board without controls. A new version announced by
// the server's events refetches the state.
//
// Every address is relative (Discord's proxy serves this page under its
// own root); no inline script or style; no external host. Texts come from
// the server (the state's "text", or api/text before a session exists).
(function () {
  'use strict';

  function $(id) { return document.getElementById(id); }

  var tg = window.Telegram && window.Telegram.WebApp && window.Telegram.WebApp.initData ? window.Telegram.WebApp : null;
  var query = new URLSearchParams(window.location.search);

  // Used only when the server sent no text for a key (an older server):
  // never the normal path.
  var FALLBACK = {
    your_turn: 'Your move: tap a pit.', waiting: 'Waiting for the other player.',
    watching: 'You are watching this game.', confirm: 'Confirm', cancel: 'Cancel',
    extra_turn: 'Extra turn', captures: { one: 'Captures {Count} seed', other: 'Captures {Count} seeds' },
    game_ends: 'The game ends', go_on: 'go on', stop: 'stop', swap: 'Swap sides',
    open_elsewhere: 'Open this board from Telegram or Discord.', signing_in: 'Signing in…',
    sign_in_failed: 'Could not sign in. Close the board and open it again.',
    no_game: 'There is no game here yet.', load_failed: 'Could not load the game. Trying again…',
    move_failed: 'The move did not go through.', reconnecting: 'Connection lost, reconnecting…'
  };

  var S = {
    session: '', page: '', lang: 'en', text: {},
    state: null, byCell: {}, boxes: {},
    selected: -1, choice: null, busy: false,
    seq: 0, es: null
  };

  // t returns the text of key; a plural text (an object of CLDR forms) is
  // chosen for count with the page language's rules, {Count} replaced.
  function t(key, count) {
    var v = S.text[key];
    if (v === undefined || v === null || v === '') { v = FALLBACK[key]; }
    if (v && typeof v === 'object') {
      var form = 'other';
      try { form = new Intl.PluralRules(S.lang).select(count); } catch (e) { form = 'other'; }
      v = v[form] || v.other || '';
    }
    return String(v || '').replace(/\{Count\}/g, String(count));
  }

  // api calls the JSON API; the promise fails with an Error whose text is
  // the server's localized message (or ""), status and code set.
  function api(method, path, body, bearer) {
    var headers = { 'Accept': 'application/json' };
    if (body !== undefined) { headers['Content-Type'] = 'application/json'; }
    var token = bearer || S.session;
    if (token) { headers.Authorization = 'Bearer ' + token; }
    return fetch(path, {
      method: method, headers: headers, cache: 'no-store', credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok) {
          var err = new Error('status ' + r.status);
          err.status = r.status;
          err.code = j.code || '';
          err.text = typeof j.error === 'string' ? j.error : '';
          throw err;
        }
        return j;
      });
    });
  }

  function view(name) { document.body.setAttribute('data-view', name); }

  function setStatus(text) { $('status').textContent = text; }

  function showError(text) {
    var e = $('error');
    e.textContent = text;
    e.hidden = !text;
  }

  // message shows a page without a board: a sign-in failure, no game, or
  // the page opened outside Telegram and Discord.
  function message(text) {
    view('message');
    $('boardwrap').hidden = true;
    $('preview').hidden = true;
    setStatus(text);
    if (tg && tg.enableVerticalSwipes) { tg.enableVerticalSwipes(); }
  }

  function haptic(kind, style) {
    var h = tg && tg.HapticFeedback;
    if (!h) { return; }
    if (kind === 'impact' && h.impactOccurred) { h.impactOccurred(style); }
    if (kind === 'notification' && h.notificationOccurred) { h.notificationOccurred(style); }
  }

  // loadText fetches the texts shown before a session exists, in lang
  // when given, else in the language the browser asks for
  // (Accept-Language).
  function loadText(lang) {
    var q = lang ? '?lang=' + encodeURIComponent(lang) : '';
    return api('GET', 'api/text' + q).then(function (j) {
      if (j && j.text) { S.text = j.text; }
      if (j && j.lang) { setLang(j.lang); }
    }, function () { /* the fallback texts stand in */ });
  }

  // withLang asks for the page's language in a sign-in's answer (its
  // refusal is worded before any session knows the user's language).
  function withLang(path) {
    return path + '?lang=' + encodeURIComponent(S.lang);
  }

  function setLang(lang) {
    S.lang = lang;
    document.documentElement.lang = lang;
  }

  // --- Telegram ---------------------------------------------------------

  var THEME = {
    bg_color: '--bg', secondary_bg_color: '--card', text_color: '--fg', hint_color: '--muted',
    link_color: '--accent', button_color: '--btn', button_text_color: '--btn-fg',
    destructive_text_color: '--bad', section_separator_color: '--line'
  };

  function applyTheme() {
    var p = tg.themeParams || {};
    var root = document.documentElement;
    Object.keys(THEME).forEach(function (k) {
      if (typeof p[k] === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(p[k])) { root.style.setProperty(THEME[k], p[k]); }
    });
    if (tg.colorScheme === 'dark' || tg.colorScheme === 'light') { root.setAttribute('data-theme', tg.colorScheme); }
  }

  function applyViewport() {
    var h = tg.viewportStableHeight || tg.viewportHeight;
    if (h) { document.documentElement.style.setProperty('--vh', h + 'px'); }
  }

  function bootTelegram() {
    if (tg.ready) { tg.ready(); }
    if (tg.expand) { tg.expand(); }
    applyTheme();
    applyViewport();
    if (tg.onEvent) {
      tg.onEvent('themeChanged', applyTheme);
      tg.onEvent('viewportChanged', applyViewport);
    }
    var user = tg.initDataUnsafe && tg.initDataUnsafe.user;
    return loadText(user && user.language_code).then(function () {
      setStatus(t('signing_in'));
      return api('POST', withLang('api/session/telegram'), { init_data: tg.initData });
    }).then(signedIn, signInFailed);
  }

  // --- Discord ----------------------------------------------------------

  // discordClientID is the application's id: the Activity is served at
  // https://<id>.discordsays.com; a client_id query parameter (tests, a
  // local proxy) stands in elsewhere.
  function discordClientID() {
    var m = /^(\d+)\.discordsays\.com$/.exec(window.location.hostname);
    return m ? m[1] : (query.get('client_id') || '');
  }

  function bootDiscord() {
    return loadText(query.get('lang')).then(function () {
      setStatus(t('signing_in'));
      return window.MancalaDiscord.signIn({ clientId: discordClientID(), tokenURL: withLang('api/discord/token') });
    }).then(function (d) {
      return api('POST', withLang('api/session/discord'), { channel_id: d.channelId }, d.accessToken);
    }).then(signedIn, signInFailed);
  }

  // --- Session and state ------------------------------------------------

  function signedIn(s) {
    S.session = s.session || '';
    if (s.lang) { setLang(s.lang); }
    var page = s.game || (tg && tg.initDataUnsafe && tg.initDataUnsafe.start_param) || query.get('game') || '';
    if (!S.session || !page) {
      message(t('no_game'));
      return;
    }
    S.page = page;
    return load().then(listen);
  }

  function signInFailed(err) {
    message((err && err.text) || t('sign_in_failed'));
  }

  function gamePath(rest) {
    return 'api/game/' + encodeURIComponent(S.page) + (rest || '');
  }

  // load fetches the state and shows it; of loads overlapping, only the
  // last one started is shown, and never an older version than shown.
  function load() {
    var seq = ++S.seq;
    return api('GET', gamePath()).then(function (st) {
      if (seq !== S.seq) { return; }
      if (S.state && st.version < S.state.version) { return; }
      render(st);
    }, function (err) {
      if (seq !== S.seq) { return; }
      if (S.state) { showError((err && err.text) || t('load_failed')); } else { message((err && err.text) || t('load_failed')); }
    });
  }

  // listen opens the game's event stream: a new version refetches the
  // state. The browser reconnects by itself after a drop.
  function listen() {
    if (!window.EventSource || S.es || !S.state) { return; }
    var es = new EventSource(gamePath('/events'));
    S.es = es;
    var seen = function (v) {
      v = parseInt(v, 10);
      if (!isNaN(v) && (!S.state || v > S.state.version)) { load(); }
    };
    es.addEventListener('version', function (e) { seen(e.data); });
    es.addEventListener('game', function (e) {
      try { seen(JSON.parse(e.data).version); } catch (x) { /* not ours */ }
    });
    es.onmessage = function (e) { seen(e.data); };
    // A finished game's stream ends: nothing more will change.
    es.addEventListener('end', function () {
      es.close();
      load();
    });
    es.onopen = function () { if ($('app').getAttribute('data-offline')) { $('app').removeAttribute('data-offline'); load(); } };
    es.onerror = function () { $('app').setAttribute('data-offline', 'true'); };
  }

  function render(st) {
    var fresh = !S.state || S.state.version !== st.version;
    S.state = st;
    if (st.text) {
      Object.keys(st.text).forEach(function (k) { S.text[k] = st.text[k]; });
    }
    if (st.lang) { setLang(st.lang); }
    view('game');
    var app = $('app');
    app.setAttribute('data-version', String(st.version));
    app.setAttribute('data-phase', st.phase || '');
    app.setAttribute('data-your-turn', st.your_turn ? 'true' : 'false');
    app.setAttribute('data-role', st.you === null || st.you === undefined ? 'spectator' : 'player');
    $('title').textContent = (st.text && st.text.title) || st.variant || '';
    document.title = $('title').textContent;
    renderPlayers(st);
    if (st.result) {
      setStatus(st.result);
    } else if (st.your_turn) {
      setStatus(t('your_turn'));
    } else if (st.you === null || st.you === undefined) {
      setStatus(t('watching'));
    } else {
      setStatus(t('waiting'));
    }
    renderBoard(st.board || {});
    indexMoves(st);
    renderCells(st.board || {});
    if (fresh || !S.byCell[S.selected]) { clearSelection(); } else { showSelection(); }
    if (tg && tg.disableVerticalSwipes) { tg.disableVerticalSwipes(); }
  }

  function renderPlayers(st) {
    var ul = $('players');
    ul.textContent = '';
    (st.players || []).forEach(function (p) {
      var li = document.createElement('li');
      li.className = 'seat-' + p.seat + (p.you ? ' you' : '') + (p.seat === st.to_move ? ' to-move' : '');
      li.setAttribute('data-seat', p.seat);
      li.textContent = p.name;
      ul.appendChild(li);
    });
  }

  function renderBoard(b) {
    var img = $('board');
    if (img.getAttribute('src') !== b.url) { img.setAttribute('src', b.url); }
    img.width = b.width;
    img.height = b.height;
    img.alt = (S.text.board_alt) || '';
    $('boardwrap').hidden = false;
  }

  // indexMoves groups the legal moves by the cell they start from; moves
  // without a cell (the pie rule's swap) get a button of their own.
  function indexMoves(st) {
    S.byCell = {};
    var extra = $('extra');
    extra.textContent = '';
    (st.your_turn ? st.moves || [] : []).forEach(function (m) {
      if (typeof m.cell === 'number' && m.cell >= 0) {
        (S.byCell[m.cell] = S.byCell[m.cell] || []).push(m);
        return;
      }
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip';
      b.setAttribute('data-move', m.move);
      b.textContent = m.move === 'swap' ? t('swap') : m.move;
      b.addEventListener('click', function (e) {
        e.stopPropagation();
        S.selected = -1;
        S.choice = m;
        showSelection();
      });
      extra.appendChild(b);
    });
  }

  function pct(v, whole) { return (100 * v / whole) + '%'; }

  function renderCells(b) {
    var ov = $('overlay');
    ov.textContent = '';
    S.boxes = {};
    (b.cells || []).forEach(function (c) {
      var movable = !!S.byCell[c.cell];
      var el = document.createElement(movable ? 'button' : 'div');
      el.className = 'cell' + (movable ? ' movable' : '') + (c.pit === 0 ? ' store' : '');
      el.setAttribute('data-cell', String(c.cell));
      if (movable) {
        el.type = 'button';
        el.setAttribute('aria-label', c.label || String(c.pit));
      }
      el.style.left = pct(c.x, b.width);
      el.style.top = pct(c.y, b.height);
      el.style.width = pct(c.w, b.width);
      el.style.height = pct(c.h, b.height);
      var badge = document.createElement('span');
      badge.className = 'badge';
      el.appendChild(badge);
      ov.appendChild(el);
      S.boxes[c.cell] = c;
    });
  }

  // --- Taps, preview, confirm -------------------------------------------

  function cellEl(c) { return $('overlay').querySelector('.cell[data-cell="' + c + '"]'); }

  function clearMarks() {
    [].forEach.call($('overlay').querySelectorAll('.cell'), function (el) {
      el.classList.remove('selected', 'sown', 'landing', 'captured');
      el.removeAttribute('data-sown');
      el.removeAttribute('data-captured');
      el.querySelector('.badge').textContent = '';
    });
  }

  function clearSelection() {
    S.selected = -1;
    S.choice = null;
    clearMarks();
    var p = $('preview');
    p.hidden = true;
    ['data-move', 'data-landing', 'data-captures', 'data-extra-turn', 'data-ends'].forEach(function (a) { p.removeAttribute(a); });
    $('chips').textContent = '';
    $('app').removeAttribute('data-selecting');
  }

  // arrow says which way a move's sowing goes on the screen: the first
  // step of a lap between two cells whose boxes differ (a lap sown from
  // the hand starts nowhere; Bao's first seed may drop into the tapped
  // pit itself).
  function arrow(m) {
    var laps = (m.preview && m.preview.laps) || [];
    for (var i = 0; i < laps.length; i++) {
      var seq = (laps[i].from >= 0 ? [laps[i].from] : []).concat(laps[i].sown || []);
      for (var j = 0; j + 1 < seq.length; j++) {
        var a = S.boxes[seq[j]], b = S.boxes[seq[j + 1]];
        if (!a || !b) { continue; }
        var dx = (b.x + b.w / 2) - (a.x + a.w / 2);
        var dy = (b.y + b.h / 2) - (a.y + a.h / 2);
        if (dx === 0 && dy === 0) { continue; }
        if (Math.abs(dx) >= Math.abs(dy)) { return dx < 0 ? '←' : '→'; }
        return dy < 0 ? '↑' : '↓';
      }
    }
    return m.move;
  }

  function renderChips(moves) {
    var box = $('chips');
    box.textContent = '';
    if (moves.length < 2) { return; }
    moves.forEach(function (m) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'chip';
      b.setAttribute('data-move', m.move);
      var plus = /\+$/.test(m.move);
      var twin = moves.some(function (o) { return o !== m && o.move.replace(/\+$/, '') === m.move.replace(/\+$/, ''); });
      var label = arrow(m);
      if (twin) { label += ' ' + (plus ? t('go_on') : t('stop')); }
      b.textContent = label;
      b.setAttribute('aria-pressed', m === S.choice ? 'true' : 'false');
      b.addEventListener('click', function (e) {
        e.stopPropagation();
        S.choice = m;
        haptic('impact', 'light');
        showSelection();
      });
      box.appendChild(b);
    });
  }

  // showSelection marks the chosen move's preview on the board and says
  // in words what it does.
  function showSelection() {
    clearMarks();
    var m = S.choice;
    if (!m) { return; }
    var pv = m.preview || {};
    $('app').setAttribute('data-selecting', 'true');
    if (S.selected >= 0) {
      var sel = cellEl(S.selected);
      if (sel) { sel.classList.add('selected'); }
    }
    var sown = {};
    (pv.laps || []).forEach(function (lap) {
      (lap.sown || []).forEach(function (c) { sown[c] = (sown[c] || 0) + 1; });
    });
    Object.keys(sown).forEach(function (c) {
      var el = cellEl(c);
      if (!el) { return; }
      el.classList.add('sown');
      el.setAttribute('data-sown', String(sown[c]));
      el.querySelector('.badge').textContent = '+' + sown[c];
    });
    if (typeof pv.landing === 'number' && pv.landing >= 0) {
      var land = cellEl(pv.landing);
      if (land) { land.classList.add('landing'); }
    }
    var taken = {};
    var total = 0;
    (pv.captures || []).forEach(function (c) {
      total += c.count;
      if (c.cell >= 0) { taken[c.cell] = (taken[c.cell] || 0) + c.count; }
    });
    Object.keys(taken).forEach(function (c) {
      var el = cellEl(c);
      if (!el) { return; }
      el.classList.add('captured');
      el.setAttribute('data-captured', String(taken[c]));
      el.querySelector('.badge').textContent = '−' + taken[c];
    });
    var words = [];
    if (total > 0) { words.push(t('captures', total)); }
    if (pv.extra_turn) { words.push(t('extra_turn')); }
    if (pv.end) { words.push(t('game_ends')); }
    $('summary').textContent = words.join(' · ');
    var p = $('preview');
    p.setAttribute('data-move', m.move);
    p.setAttribute('data-landing', String(typeof pv.landing === 'number' ? pv.landing : -1));
    p.setAttribute('data-captures', Object.keys(taken).sort(function (a, b) { return a - b; }).map(function (c) { return c + ':' + taken[c]; }).join(','));
    p.setAttribute('data-captured-total', String(total));
    p.setAttribute('data-extra-turn', pv.extra_turn ? 'true' : 'false');
    p.setAttribute('data-ends', pv.end ? 'true' : 'false');
    renderChips(S.selected >= 0 ? S.byCell[S.selected] || [] : []);
    $('confirm').textContent = t('confirm');
    $('cancel').textContent = t('cancel');
    p.hidden = false;
  }

  function tapCell(c) {
    if (!S.state || !S.state.your_turn || S.busy) { return; }
    var moves = S.byCell[c];
    if (!moves) { clearSelection(); return; }
    showError('');
    if (S.selected === c && moves.length === 1) {
      confirmMove();
      return;
    }
    haptic('impact', 'light');
    S.selected = c;
    S.choice = moves[0];
    showSelection();
  }

  // confirmMove plays the chosen move: the server runs it through the bot
  // like a button press. A refusal shows the bot's text; either way the
  // state is fetched again.
  function confirmMove() {
    var m = S.choice;
    if (!m || S.busy || !S.state) { return; }
    S.busy = true;
    $('app').setAttribute('data-busy', 'true');
    api('POST', gamePath('/move'), { version: S.state.version, move: m.move }).then(function () {
      haptic('notification', 'success');
      showError('');
    }, function (err) {
      haptic('notification', 'error');
      showError((err && err.text) || t('move_failed'));
    }).then(function () {
      S.busy = false;
      $('app').removeAttribute('data-busy');
      clearSelection();
      return load();
    });
  }

  document.addEventListener('click', function (e) {
    var target = e.target;
    var cell = target.closest ? target.closest('.cell') : null;
    if (cell && cell.classList.contains('movable')) {
      tapCell(parseInt(cell.getAttribute('data-cell'), 10));
      return;
    }
    if (target.closest && target.closest('#confirm')) { confirmMove(); return; }
    if (target.closest && target.closest('#preview, #extra')) {
      if (target.closest('#cancel')) { clearSelection(); }
      return;
    }
    if (S.choice) { clearSelection(); }
  });

  // --- Start --------------------------------------------------------------

  if (tg) {
    bootTelegram();
  } else if (query.get('frame_id') && window.MancalaDiscord) {
    bootDiscord();
  } else {
    loadText(query.get('lang')).then(function () { message(t('open_elsewhere')); });
  }
}());
