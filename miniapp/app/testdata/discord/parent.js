// The fake Discord client's side of the Embedded App SDK protocol, for the
// browser tests: it answers the Activity's HANDSHAKE with READY, AUTHORIZE
// with the code from the address, AUTHENTICATE with the user (checking
// that the token is the one our server's exchange gave, see
// window.discordLog), and logs every message the Activity sent in
// window.discordLog as [opcode, cmd, args] (the test checks it).
(function () {
  'use strict';
  var q = new URLSearchParams(location.search);
  var frame = document.getElementById('activity');
  window.discordLog = [];
  window.addEventListener('message', function (e) {
    if (e.source !== frame.contentWindow || !Array.isArray(e.data)) { return; }
    var op = e.data[0], p = e.data[1] || {};
    window.discordLog.push([op, p.cmd || '', p.args || p]);
    var reply = function (m) { frame.contentWindow.postMessage(m, location.origin); };
    if (op === 0) {
      reply([1, { cmd: 'DISPATCH', evt: 'READY', data: { v: 1, config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' } } }]);
      return;
    }
    if (op !== 1) { return; }
    if (p.cmd === 'AUTHORIZE') {
      var ok = p.args && p.args.response_type === 'code' && (p.args.scope || []).indexOf('identify') >= 0 && p.args.client_id === q.get('client');
      reply([1, ok ? { cmd: 'AUTHORIZE', evt: null, nonce: p.nonce, data: { code: q.get('code') } }
        : { cmd: 'AUTHORIZE', evt: 'ERROR', nonce: p.nonce, data: { code: 4000, message: 'bad authorize' } }]);
    } else if (p.cmd === 'AUTHENTICATE') {
      var token = p.args && p.args.access_token;
      reply([1, token ? { cmd: 'AUTHENTICATE', evt: null, nonce: p.nonce, data: {
        access_token: token, user: { id: q.get('user'), username: 'user' + q.get('user'), discriminator: '0', avatar: null, public_flags: 0 },
        scopes: ['identify'], expires: '2100-01-01T00:00:00Z', application: { id: q.get('client'), name: 'Mancala', description: '', icon: null, rpc_origins: [] }
      } } : { cmd: 'AUTHENTICATE', evt: 'ERROR', nonce: p.nonce, data: { code: 4000, message: 'no token' } }]);
    } else {
      reply([1, { cmd: p.cmd, evt: 'ERROR', nonce: p.nonce, data: { code: 4002, message: 'unknown command' } }]);
    }
  });
  frame.src = q.get('app');
}());
