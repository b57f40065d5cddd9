// Our own small client of the Discord Embedded App SDK's message protocol
// (no SDK bundle, no external script): the Activity runs in an iframe of
// the Discord client and talks to it with postMessage. Messages are
// [opcode, payload] pairs: 0 HANDSHAKE (sent once: protocol version 1,
// JSON, the application's client id and the frame_id Discord put in our
// query), 1 FRAME (commands and their answers, matched by a nonce;
// events as cmd DISPATCH), 2 CLOSE, 3 HELLO (ignored). Discord answers the
// handshake with the READY event.
//
// window.MancalaDiscord.signIn({clientId, tokenURL}) runs the sign-in:
// handshake, READY, AUTHORIZE (scope identify, no prompt) giving a one-time
// code, POST tokenURL {"code"} (our server exchanges it with the client
// secret, which never reaches the page) giving {"access_token"},
// AUTHENTICATE with that token. It resolves to {accessToken, channelId,
// user} or rejects with an Error (its code, when Discord sent one).
(function () {
  'use strict';

  var HANDSHAKE = 0, FRAME = 1, CLOSE = 2;
  var DISCORD_ORIGINS = [
    'https://discord.com', 'https://ptb.discord.com', 'https://canary.discord.com',
    'https://discordapp.com', 'https://ptb.discordapp.com', 'https://canary.discordapp.com'
  ];

  var query = new URLSearchParams(window.location.search);
  var pending = {};
  var waitingReady = [];
  var ready = false;
  var counter = 0;
  var closed = null;

  // The Discord client runs the protocol in the window that framed us (or
  // the one that opened a popped-out Activity); the referrer is its page.
  function parentWindow() { return (window.parent && window.parent.opener) || window.parent; }

  function parentOrigin() {
    try { return document.referrer ? new URL(document.referrer).origin : '*'; } catch (e) { return '*'; }
  }

  function allowed(origin) {
    return origin === window.location.origin || origin === parentOrigin() || DISCORD_ORIGINS.indexOf(origin) >= 0;
  }

  function post(op, payload) {
    parentWindow().postMessage([op, payload], parentOrigin());
  }

  function nonce() {
    counter++;
    if (window.crypto && window.crypto.randomUUID) { return window.crypto.randomUUID(); }
    return 'n' + counter + '-' + Math.random().toString(36).slice(2);
  }

  function failure(data) {
    var err = new Error((data && data.message) || 'discord error');
    err.code = data && data.code;
    return err;
  }

  window.addEventListener('message', function (e) {
    if (e.source !== parentWindow() && e.source !== window.parent) { return; }
    if (!allowed(e.origin) || !Array.isArray(e.data)) { return; }
    var op = e.data[0], msg = e.data[1] || {};
    if (op === CLOSE) {
      closed = failure(msg);
      Object.keys(pending).forEach(function (n) { pending[n].reject(closed); });
      pending = {};
      waitingReady.forEach(function (w) { w.reject(closed); });
      waitingReady = [];
      return;
    }
    if (op !== FRAME) { return; }
    if (msg.cmd === 'DISPATCH') {
      if (msg.evt === 'READY' && !ready) {
        ready = true;
        waitingReady.forEach(function (w) { w.resolve(); });
        waitingReady = [];
      }
      return;
    }
    var p = msg.nonce && pending[msg.nonce];
    if (!p) { return; }
    delete pending[msg.nonce];
    if (msg.evt === 'ERROR') { p.reject(failure(msg.data)); } else { p.resolve(msg.data || {}); }
  });

  function whenReady() {
    if (closed) { return Promise.reject(closed); }
    if (ready) { return Promise.resolve(); }
    return new Promise(function (resolve, reject) { waitingReady.push({ resolve: resolve, reject: reject }); });
  }

  // command sends cmd with args and resolves to the answer's data.
  function command(cmd, args) {
    if (closed) { return Promise.reject(closed); }
    var n = nonce();
    return new Promise(function (resolve, reject) {
      pending[n] = { resolve: resolve, reject: reject };
      post(FRAME, { cmd: cmd, args: args, nonce: n });
    });
  }

  var started = null;

  function signIn(opts) {
    if (started) { return started; }
    var frameID = query.get('frame_id');
    if (!frameID || !opts.clientId) { return Promise.reject(new Error('not in a Discord Activity')); }
    var token = '';
    post(HANDSHAKE, { v: 1, encoding: 'json', client_id: opts.clientId, frame_id: frameID });
    started = whenReady().then(function () {
      return command('AUTHORIZE', {
        client_id: opts.clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify']
      });
    }).then(function (d) {
      return fetch(opts.tokenURL, {
        method: 'POST', cache: 'no-store',
        headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
        body: JSON.stringify({ code: d.code || '' })
      });
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (j) {
        if (!r.ok || !j.access_token) {
          var err = new Error('token exchange failed');
          err.text = typeof j.error === 'string' ? j.error : '';
          throw err;
        }
        token = j.access_token;
        return command('AUTHENTICATE', { access_token: token });
      });
    }).then(function (auth) {
      return { accessToken: token, channelId: query.get('channel_id') || '', user: auth.user || null };
    });
    return started;
  }

  window.MancalaDiscord = { signIn: signIn };
}());
