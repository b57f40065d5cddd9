package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord"
	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/miniapp/activity"
	"github.com/mancala-bot/mancala/miniapp/app"
	"github.com/mancala-bot/mancala/miniapp/initdata"
)

// The board app (issue #29, package miniapp/app) is served at PUBLIC_URL +
// "/app/": a Telegram Mini App (TELEGRAM_APP_NAME) and a Discord Activity
// (DISCORD_ACTIVITY). Both are off by default; either needs PUBLIC_URL on
// https and its platform's token. See docs/miniapp.md, "Setting it up".

// appConfig is the board app's configuration.
type appConfig struct {
	// TelegramAppName (TELEGRAM_APP_NAME) is the Mini App's short name as
	// registered with @BotFather /newapp: with the bot's username it makes
	// the direct link t.me/<bot>/<name>?startapp=<page> of the groups'
	// "Open board" buttons. Set, it turns the Mini App on.
	TelegramAppName string
	// DiscordActivity (DISCORD_ACTIVITY) turns the Activity on: the
	// boards' "Open board" button launches it.
	DiscordActivity bool
	// DiscordClientID (DISCORD_CLIENT_ID, default DISCORD_APP_ID) and
	// DiscordClientSecret (DISCORD_CLIENT_SECRET) are the application's
	// OAuth2 credentials, with which the server exchanges the Activity's
	// authorization code.
	DiscordClientID     string
	DiscordClientSecret secret
	// MaxAge (APP_MAX_AGE, default 24h) is how old a Mini App's launch
	// data (initData) may be.
	MaxAge time.Duration
}

// on reports whether the board app runs on any platform.
func (a appConfig) on() bool { return a.TelegramAppName != "" || a.DiscordActivity }

// platforms are the platforms whose chats have the board app
// (bot.Config.AppPlatforms).
func (a appConfig) platforms() []string {
	var out []string
	if a.TelegramAppName != "" {
		out = append(out, telegram.Platform)
	}
	if a.DiscordActivity {
		out = append(out, discord.Platform)
	}
	return out
}

// String describes the board app's configuration, without the secret.
func (a appConfig) String() string {
	if !a.on() {
		return "off"
	}
	var parts []string
	if a.TelegramAppName != "" {
		parts = append(parts, fmt.Sprintf("telegram mini app %q (launch data for %s)", a.TelegramAppName, a.MaxAge))
	}
	if a.DiscordActivity {
		parts = append(parts, fmt.Sprintf("discord activity (client %s, secret %s)", a.DiscordClientID, a.DiscordClientSecret))
	}
	return strings.Join(parts, ", ")
}

// secret is a value never to be printed: its String, GoString and
// LogValue say only whether it is set.
type secret string

func (s secret) String() string {
	if s == "" {
		return "(unset)"
	}
	return "(set)"
}

// GoString is String, for %#v.
func (s secret) GoString() string { return s.String() }

// LogValue is String, for log/slog.
func (s secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// The bounds of APP_MAX_AGE and its default.
const (
	defaultAppMaxAge = 24 * time.Hour
	minAppMaxAge     = time.Minute
	maxAppMaxAge     = 30 * 24 * time.Hour
)

// appNameRE is a Mini App's short name as @BotFather takes it: 3 to 30
// letters, digits and underscores.
var appNameRE = regexp.MustCompile(`^[A-Za-z0-9_]{3,30}$`)

// appFromEnv reads and checks the board app's settings (TELEGRAM_APP_NAME,
// DISCORD_ACTIVITY, DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET,
// APP_MAX_AGE) into c.App; c's platforms and PUBLIC_URL are read already.
// The errors name the variable at fault and never hold the secret.
func (c *Config) appFromEnv(getenv func(string) string) error {
	a := appConfig{
		TelegramAppName:     strings.TrimSpace(getenv("TELEGRAM_APP_NAME")),
		DiscordClientID:     strings.TrimSpace(getenv("DISCORD_CLIENT_ID")),
		DiscordClientSecret: secret(strings.TrimSpace(getenv("DISCORD_CLIENT_SECRET"))),
	}
	switch v := strings.ToLower(strings.TrimSpace(getenv("DISCORD_ACTIVITY"))); v {
	case "", "off", "false", "no", "0":
	case "on", "true", "yes", "1":
		a.DiscordActivity = true
	default:
		return fmt.Errorf("DISCORD_ACTIVITY: %q is not on or off", v)
	}
	var err error
	if a.MaxAge, err = durationEnv(getenv, "APP_MAX_AGE", defaultAppMaxAge); err != nil {
		return err
	}
	if a.MaxAge < minAppMaxAge || a.MaxAge > maxAppMaxAge {
		return fmt.Errorf("APP_MAX_AGE: %s is out of range: from %s to %s (launch data older than this is refused)", a.MaxAge, minAppMaxAge, "720h")
	}
	if a.TelegramAppName != "" {
		switch {
		case !appNameRE.MatchString(a.TelegramAppName):
			return fmt.Errorf("TELEGRAM_APP_NAME: %q is not a Mini App's short name (3-30 letters, digits and underscores, as given to @BotFather /newapp)", a.TelegramAppName)
		case c.TelegramToken == "":
			return errors.New("TELEGRAM_APP_NAME: needs TELEGRAM_TOKEN (the Mini App belongs to the bot)")
		}
		if err := appPublicURL("TELEGRAM_APP_NAME", c.PublicURL); err != nil {
			return err
		}
	}
	if a.DiscordActivity {
		if a.DiscordClientID == "" {
			a.DiscordClientID = c.DiscordAppID
		}
		switch {
		case c.DiscordToken == "":
			return errors.New("DISCORD_ACTIVITY: needs DISCORD_TOKEN (the Activity belongs to the bot's application)")
		case a.DiscordClientSecret == "":
			return errors.New("DISCORD_ACTIVITY: needs DISCORD_CLIENT_SECRET (the developer portal's OAuth2 page), with which the server signs users in")
		case strings.Trim(a.DiscordClientID, "0123456789") != "":
			return errors.New("DISCORD_CLIENT_ID: want a numeric Discord id (the application id, DISCORD_APP_ID, unless it differs)")
		}
		if err := appPublicURL("DISCORD_ACTIVITY", c.PublicURL); err != nil {
			return err
		}
	}
	c.App = a
	return nil
}

// appPublicURL checks that PUBLIC_URL, u, can serve the board app asked
// for by the variable name: set, and https (Telegram opens only https Mini
// Apps; Discord's proxy reaches the Activity over https).
func appPublicURL(name, u string) error {
	if u == "" {
		return fmt.Errorf("%s: needs PUBLIC_URL, the https address where the board app is served (PUBLIC_URL + \"/app/\")", name)
	}
	if p, err := url.Parse(u); err != nil || p.Scheme != "https" {
		return fmt.Errorf("%s: needs PUBLIC_URL on https (the board app is served at PUBLIC_URL + \"/app/\"), not %q", name, u)
	}
	return nil
}

// appURL is the board app's address, PUBLIC_URL + "/app/".
func (c Config) appURL() string {
	return strings.TrimRight(c.PublicURL, "/") + "/app/"
}

// appSessionKey is the key that signs the board app's sessions, derived
// (app.SessionKeyFrom) from the secrets the configuration holds, the
// Telegram bot token and the Discord client secret, so that every process
// with the same settings signs and accepts the same sessions, and a
// session of another deployment is refused. 32 bytes. The app is on only
// with one of them set (appFromEnv).
func (c Config) appSessionKey() []byte {
	return app.SessionKeyFrom(c.TelegramToken, string(c.App.DiscordClientSecret))
}

// appHandler is the board app's server (package miniapp/app) for the
// configuration, serving paths relative to "/app/": the bot's Handle
// (counted like the platforms' requests) runs its moves and Deliver sends
// their public replies to the game's chat. Nil when the app is off.
func (m *Main) appHandler() http.Handler {
	c := m.Config
	if !c.App.on() || m.Bot == nil {
		return nil
	}
	cfg := app.Config{
		Store:        m.DB,
		Handle:       countingHandler{m.Bot, m.Metrics}.Handle,
		Deliver:      m.deliverLater,
		SessionKey:   c.appSessionKey(),
		Logger:       m.Logger.With("component", "app"),
		Now:          m.Now,
		ClientHeader: m.pagesClientHeader(),
	}
	if c.App.TelegramAppName != "" {
		cfg.Telegram = initdata.NewVerifier(c.TelegramToken, c.App.MaxAge)
	}
	if c.App.DiscordActivity {
		ac := activity.Config{ClientID: c.App.DiscordClientID, ClientSecret: string(c.App.DiscordClientSecret)}
		if c.DiscordAPIBase != "" {
			ac.BaseURL = strings.TrimRight(c.DiscordAPIBase, "/") + "/api/v10"
		}
		cfg.Discord = activity.New(ac)
	}
	return app.New(cfg).Handler()
}

// mountApp mounts the board app at /app/ on HTTP_ADDR's listener (the
// path PUBLIC_URL + "/app/" reaches, as /g/ for the pages), its prefix
// stripped, when TELEGRAM_APP_NAME or DISCORD_ACTIVITY turns it on.
func (m *Main) mountApp() {
	if m.mux == nil {
		return
	}
	if h := m.appHandler(); h != nil {
		m.mux.Handle("/app/", http.StripPrefix("/app", h))
	}
}
