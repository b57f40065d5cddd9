// A small stand-in for Telegram's telegram-web-app.js, so that the page
// loads nothing from another host: when window.Telegram.WebApp is not
// defined but Telegram launched us (its launch parameters are in the
// address's fragment: tgWebAppData, tgWebAppThemeParams), it builds the
// part of Telegram.WebApp the board uses: initData, initDataUnsafe (user,
// start_param), themeParams, colorScheme, viewportHeight,
// viewportStableHeight, ready, expand, disableVerticalSwipes,
// enableVerticalSwipes, HapticFeedback.impactOccurred and
// notificationOccurred, onEvent("themeChanged" | "viewportChanged").
// Calls go to the Telegram client as its Mini App events
// (web_app_ready, web_app_expand, web_app_setup_swipe_behavior,
// web_app_trigger_haptic_feedback): through TelegramWebviewProxy in the
// apps, a message to the parent frame in Telegram Web. Events come back
// through Telegram.WebView.receiveEvent or a message from the parent.
(function () {
  'use strict';
  if (window.Telegram && window.Telegram.WebApp) { return; }
  var params;
  try { params = new URLSearchParams(window.location.hash.slice(1)); } catch (e) { return; }
  var data = params.get('tgWebAppData');
  if (!data) { return; }

  function json(s, def) {
    try { return s ? JSON.parse(s) : def; } catch (e) { return def; }
  }

  var launch = new URLSearchParams(data);
  var theme = json(params.get('tgWebAppThemeParams'), {}) || {};
  var handlers = {};

  function post(type, payload) {
    var body = payload === undefined ? '' : JSON.stringify(payload);
    if (window.TelegramWebviewProxy && window.TelegramWebviewProxy.postEvent) {
      window.TelegramWebviewProxy.postEvent(type, body);
    } else if (window.parent && window.parent !== window) {
      window.parent.postMessage(JSON.stringify({ eventType: type, eventData: payload }), '*');
    }
  }

  function scheme(bg) {
    var m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(bg || '');
    if (!m) { return 'light'; }
    var l = 0.2126 * parseInt(m[1], 16) + 0.7152 * parseInt(m[2], 16) + 0.0722 * parseInt(m[3], 16);
    return l < 120 ? 'dark' : 'light';
  }

  var app = {
    initData: data,
    initDataUnsafe: {
      user: json(launch.get('user'), null),
      start_param: launch.get('start_param') || params.get('tgWebAppStartParam') || ''
    },
    themeParams: theme,
    colorScheme: scheme(theme.bg_color),
    viewportHeight: window.innerHeight,
    viewportStableHeight: window.innerHeight,
    ready: function () { post('web_app_ready'); },
    expand: function () { post('web_app_expand'); },
    disableVerticalSwipes: function () { post('web_app_setup_swipe_behavior', { allow_vertical_swipe: false }); },
    enableVerticalSwipes: function () { post('web_app_setup_swipe_behavior', { allow_vertical_swipe: true }); },
    HapticFeedback: {
      impactOccurred: function (style) { post('web_app_trigger_haptic_feedback', { type: 'impact', impact_style: style }); },
      notificationOccurred: function (type) { post('web_app_trigger_haptic_feedback', { type: 'notification', notification_type: type }); }
    },
    onEvent: function (name, fn) { (handlers[name] = handlers[name] || []).push(fn); }
  };

  function emit(name) { (handlers[name] || []).forEach(function (fn) { fn(); }); }

  function receive(type, d) {
    d = d || {};
    if (type === 'theme_changed' && d.theme_params) {
      app.themeParams = d.theme_params;
      app.colorScheme = scheme(d.theme_params.bg_color);
      emit('themeChanged');
    } else if (type === 'viewport_changed' && d.height) {
      app.viewportHeight = d.height;
      if (d.is_state_stable) { app.viewportStableHeight = d.height; }
      emit('viewportChanged');
    }
  }

  window.addEventListener('message', function (e) {
    if (e.source !== window.parent) { return; }
    var m = typeof e.data === 'string' ? json(e.data, null) : null;
    if (m && m.eventType) { receive(m.eventType, m.eventData); }
  });
  window.Telegram = { WebApp: app, WebView: { receiveEvent: receive } };
}());
