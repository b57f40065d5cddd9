package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/mancala-bot/mancala/adapters/discord"
	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/search"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/sqlite"
)

const serveUsage = `usage: mancala [serve]

Runs the bot: on Discord if DISCORD_TOKEN is set, on Telegram if
TELEGRAM_TOKEN is set (both may run at once), otherwise as a chat in this
terminal, where every line of standard input is a message ("alice> /move 3"
speaks as alice) and board images are written to IMAGE_DIR.

environment:
  DATABASE_URL           postgres://user:password@host:5432/dbname: keep the
                         games in PostgreSQL instead of SQLite (several bot
                         processes may share one database)
  DATABASE_PATH          SQLite file when DATABASE_URL is unset (default
                         ./mancala.db); its directory must exist; one
                         process at a time (DATABASE_PATH.lock)
  HTTP_ADDR              serve /healthz, /readyz and /metrics here (optional)
  PUBLIC_URL             the address at which HTTP_ADDR is reached from the
                         internet (https://mancala.example.com): every game
                         gets a page there, linked from the chat (optional;
                         needs HTTP_ADDR)
  ADMIN_ADDR             serve /healthz, /readyz and /metrics here instead,
                         off HTTP_ADDR, which keeps only the webhook and
                         interactions (optional)
  HTTP_READ_TIMEOUT      cut a client still sending its request after this
                         long, a Go duration of at least 1s (default 10s)
  HTTP_WRITE_TIMEOUT     cut a request not answered after this long, at
                         least 5s (default 30s)
  HTTP_IDLE_TIMEOUT      close a keep-alive connection idle this long, at
                         least 1s (default 60s)
  HTTP_MAX_CONNS         connections open at once on HTTP_ADDR; more wait
                         to be accepted (default 256, or half the open-file
                         limit when lower; at most that limit less 64)
  LOG_LEVEL              debug, info, warn or error (default info)
  IMAGE_DIR              terminal chat: where board images go, the newest
                         200 kept (default: a mancala-boards folder in the
                         system temp folder)
  LANG                   terminal chat: the users' language (ru, da, pl, en)
  NOTIFY_AFTER           ping the player to move after this long idle, once
                         per turn, a Go duration (default 3m); REMIND_AFTER
                         is its former name, still read when it is unset
  CLAIM_AFTER            the opponent may claim an idle game after this long,
                         longer than NOTIFY_AFTER (default 24h)
  DELIVERY_HOLD          how long a move's board waits for the process that
                         made the move before any process sends it again
                         (default 30s; at least 1s)
  EVENT_LEASE            how long an event being handled belongs to its
                         handling: a redelivery of one whose process died is
                         handled after this long; a handling is cut at three
                         quarters of it (default 5m; at least 2s)
  MANCALA_CACHE_DIR      where the Kalah endgame databases of the perfect
                         level are kept (default: the user cache folder's
                         mancala)
  DISCORD_TOKEN, DISCORD_APP_ID, DISCORD_GUILD_ID, DISCORD_API_BASE
  DISCORD_PUBLIC_KEY     HTTP interactions at POST /discord/interactions on
                         HTTP_ADDR instead of the gateway (the application's
                         public key, 64 hex digits)
  TELEGRAM_TOKEN, TELEGRAM_API_ENDPOINT
  TELEGRAM_WEBHOOK_URL, TELEGRAM_WEBHOOK_SECRET
                         a webhook served at POST /telegram/webhook on
                         HTTP_ADDR instead of long polling (https URL; the
                         secret 1-256 of A-Z a-z 0-9 _ -)
  TELEGRAM_APP_NAME      the board app as a Telegram Mini App: its short
                         name from @BotFather /newapp, whose URL is
                         PUBLIC_URL/app/ (optional; needs PUBLIC_URL on https)
  DISCORD_ACTIVITY       on: the board app as the application's Discord
                         Activity (optional; needs PUBLIC_URL on https and
                         DISCORD_CLIENT_SECRET)
  DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET
                         the application's OAuth2 credentials, for the
                         Activity's sign-in (the id defaults to DISCORD_APP_ID)
  APP_MAX_AGE            refuse a Mini App's launch data older than this
                         (default 24h; 1m to 720h)
`

// httpStopTimeout bounds the HTTP server's shutdown (health, metrics, the
// webhook and interactions endpoints), which runs while the platforms stop.
const httpStopTimeout = 4500 * time.Millisecond

// Config is the bot's configuration, from the environment (docs/spec.md section
// 6).
type Config struct {
	DiscordToken, DiscordAppID, DiscordGuildID, DiscordAPIBase string
	TelegramToken, TelegramAPIEndpoint                         string
	// DiscordPublicKey (DISCORD_PUBLIC_KEY) selects HTTP interactions.
	DiscordPublicKey ed25519.PublicKey
	// TelegramWebhookURL and TelegramWebhookSecret select webhook mode.
	TelegramWebhookURL, TelegramWebhookSecret string
	DatabasePath                              string
	// DatabaseURL, when set, is a postgres:// URL: the store is PostgreSQL
	// and DatabasePath is unused. It holds a password: never print it.
	DatabaseURL string
	HTTPAddr    string
	// PublicURL (PUBLIC_URL), when set, is the absolute http(s) URL at
	// which HTTPAddr is reached from outside, without query or fragment:
	// the base of the games' pages, which the chat links to
	// (bot.Config.PublicURL).
	PublicURL string
	// AdminAddr (ADMIN_ADDR), when set, serves /healthz, /readyz and
	// /metrics instead of HTTPAddr.
	AdminAddr string
	// HTTP holds the HTTP servers' timeouts and HTTPAddr's bound on open
	// connections; zero fields take their defaults.
	HTTP     httpLimits
	LogLevel slog.Level
	ImageDir string
	Locale   string
	// NotifyAfter and ClaimAfter are the idle-game delays (bot.Config).
	NotifyAfter, ClaimAfter time.Duration
	// Deprecated holds a note for each deprecated variable set, for the
	// log at start.
	Deprecated []string
	// DeliveryHold is bot.Config.DeliveryHold (DELIVERY_HOLD).
	DeliveryHold time.Duration
	// EventLease is bot.Config.EventLease (EVENT_LEASE).
	EventLease time.Duration
	// SearchWorkers is bot.Config.SearchWorkers (SEARCH_WORKERS); 0 means
	// the bot's default, GOMAXPROCS.
	SearchWorkers int
	// App is the board app's configuration (see app.go).
	App appConfig
}

// The idle-game delays when NOTIFY_AFTER and CLAIM_AFTER are unset.
const (
	defaultNotifyAfter = bot.DefaultNotifyAfter
	defaultClaimAfter  = 24 * time.Hour
	// defaultDeliveryHold is DELIVERY_HOLD's default: a reply queued
	// behind Telegram's pace in a busy group goes out well within it.
	defaultDeliveryHold = 30 * time.Second
)

// String describes the configuration without its secrets.
func (c Config) String() string {
	set := func(s string) string {
		if s == "" {
			return "unset"
		}
		return "set"
	}
	discordMode, telegramMode := "gateway", "long polling"
	if len(c.DiscordPublicKey) != 0 {
		discordMode = "http interactions"
	}
	if c.TelegramWebhookURL != "" {
		telegramMode = "webhook " + telegram.RedactURL(c.TelegramWebhookURL)
	}
	admin := ""
	if c.AdminAddr != "" {
		admin = fmt.Sprintf(", admin %q", c.AdminAddr)
	}
	if c.PublicURL != "" {
		admin += fmt.Sprintf(", pages at %q, board app %s", c.PublicURL, c.App)
	}
	return fmt.Sprintf("discord token %s (%s), telegram token %s (%s), database %s, http %q%s, log %s, notify after %s, claim after %s",
		set(c.DiscordToken), discordMode, set(c.TelegramToken), telegramMode, c.database(), c.HTTPAddr, admin, c.LogLevel, c.NotifyAfter, c.ClaimAfter)
}

// database describes the database without its password: the SQLite file,
// or "postgres host:port/dbname".
func (c Config) database() string {
	if c.DatabaseURL == "" {
		return c.DatabasePath
	}
	pc, err := pgxpool.ParseConfig(c.DatabaseURL)
	if err != nil {
		return "postgres (invalid URL)"
	}
	return fmt.Sprintf("postgres %s:%d/%s", pc.ConnConfig.Host, pc.ConnConfig.Port, pc.ConnConfig.Database)
}

// checkDatabaseURL checks that u is a PostgreSQL URL the driver accepts.
// The error never holds the password.
func checkDatabaseURL(u string) error {
	if !strings.HasPrefix(u, "postgres://") && !strings.HasPrefix(u, "postgresql://") {
		return errors.New("DATABASE_URL: want a postgres:// or postgresql:// URL (unset it to use SQLite at DATABASE_PATH)")
	}
	if _, err := pgxpool.ParseConfig(u); err != nil {
		return fmt.Errorf("DATABASE_URL: not a valid PostgreSQL URL: %s", postgres.Redact(err.Error(), u))
	}
	return nil
}

// configFromEnv reads and checks the configuration. The error names the
// variable at fault and never contains a token.
func configFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		DiscordToken:          strings.TrimSpace(getenv("DISCORD_TOKEN")),
		DiscordAppID:          strings.TrimSpace(getenv("DISCORD_APP_ID")),
		DiscordGuildID:        strings.TrimSpace(getenv("DISCORD_GUILD_ID")),
		DiscordAPIBase:        strings.TrimSpace(getenv("DISCORD_API_BASE")),
		TelegramToken:         strings.TrimSpace(getenv("TELEGRAM_TOKEN")),
		TelegramAPIEndpoint:   strings.TrimSpace(getenv("TELEGRAM_API_ENDPOINT")),
		TelegramWebhookURL:    strings.TrimSpace(getenv("TELEGRAM_WEBHOOK_URL")),
		TelegramWebhookSecret: strings.TrimSpace(getenv("TELEGRAM_WEBHOOK_SECRET")),
		DatabasePath:          strings.TrimSpace(getenv("DATABASE_PATH")),
		HTTPAddr:              strings.TrimSpace(getenv("HTTP_ADDR")),
		AdminAddr:             strings.TrimSpace(getenv("ADMIN_ADDR")),
		ImageDir:              strings.TrimSpace(getenv("IMAGE_DIR")),
		Locale:                strings.TrimSpace(getenv("LANG")),
		DatabaseURL:           strings.TrimSpace(getenv("DATABASE_URL")),
		PublicURL:             strings.TrimSpace(getenv("PUBLIC_URL")),
	}
	if c.DatabasePath == "" {
		c.DatabasePath = "./mancala.db"
	}
	if c.ImageDir == "" {
		c.ImageDir = filepath.Join(os.TempDir(), "mancala-boards")
	}
	if l, _, _ := strings.Cut(c.Locale, "."); l != "" { // "ru_RU.UTF-8"
		c.Locale = strings.ReplaceAll(l, "_", "-")
	}
	switch lvl := strings.ToLower(strings.TrimSpace(getenv("LOG_LEVEL"))); lvl {
	case "", "info":
		c.LogLevel = slog.LevelInfo
	case "debug":
		c.LogLevel = slog.LevelDebug
	case "warn", "warning":
		c.LogLevel = slog.LevelWarn
	case "error":
		c.LogLevel = slog.LevelError
	default:
		return c, fmt.Errorf("LOG_LEVEL: %q is not debug, info, warn or error", lvl)
	}
	if c.DatabaseURL != "" {
		if err := checkDatabaseURL(c.DatabaseURL); err != nil {
			return c, err
		}
	}
	if c.HTTPAddr != "" {
		if _, _, err := net.SplitHostPort(c.HTTPAddr); err != nil {
			return c, fmt.Errorf("HTTP_ADDR: %q is not host:port (e.g. :8080)", c.HTTPAddr)
		}
	}
	if err := c.httpFromEnv(getenv); err != nil {
		return c, err
	}
	if err := checkPublicURL(c.PublicURL, c.HTTPAddr); err != nil {
		return c, err
	}
	for _, v := range []struct{ name, val string }{{"DISCORD_APP_ID", c.DiscordAppID}, {"DISCORD_GUILD_ID", c.DiscordGuildID}} {
		if v.val != "" && strings.Trim(v.val, "0123456789") != "" {
			return c, fmt.Errorf("%s: want a numeric Discord id", v.name)
		}
	}
	if c.DiscordToken != "" && c.DiscordAppID == "" {
		return c, errors.New("DISCORD_APP_ID: required with DISCORD_TOKEN (the application id from the developer portal)")
	}
	for _, v := range []struct{ name, val string }{{"DISCORD_API_BASE", c.DiscordAPIBase}, {"TELEGRAM_API_ENDPOINT", c.TelegramAPIEndpoint}} {
		if v.val != "" && !strings.HasPrefix(v.val, "http://") && !strings.HasPrefix(v.val, "https://") {
			return c, fmt.Errorf("%s: want an http(s) URL", v.name)
		}
	}
	if err := c.inboundFromEnv(getenv); err != nil {
		return c, err
	}
	var err error
	if c.NotifyAfter, err = c.notifyAfterFromEnv(getenv); err != nil {
		return c, err
	}
	if c.ClaimAfter, err = durationEnv(getenv, "CLAIM_AFTER", defaultClaimAfter); err != nil {
		return c, err
	}
	if c.ClaimAfter <= c.NotifyAfter {
		return c, fmt.Errorf("CLAIM_AFTER: %s must be longer than NOTIFY_AFTER (%s): the player is pinged before the game can be claimed", c.ClaimAfter, c.NotifyAfter)
	}
	if c.DeliveryHold, err = durationEnv(getenv, "DELIVERY_HOLD", defaultDeliveryHold); err != nil {
		return c, err
	}
	if c.DeliveryHold < time.Second {
		return c, fmt.Errorf("DELIVERY_HOLD: %s is too short: at least 1s, or a board still being sent goes out twice", c.DeliveryHold)
	}
	if c.EventLease, err = durationEnv(getenv, "EVENT_LEASE", bot.DefaultEventLease); err != nil {
		return c, err
	}
	if c.EventLease < 2*time.Second {
		return c, fmt.Errorf("EVENT_LEASE: %s is too short: at least 2s, or a request is cut before it can be handled", c.EventLease)
	}
	if v := strings.TrimSpace(getenv("SEARCH_WORKERS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxSearchWorkers {
			return c, fmt.Errorf("SEARCH_WORKERS: %q is not a number of workers from 1 to %d", v, maxSearchWorkers)
		}
		c.SearchWorkers = n
	}
	if err := c.appFromEnv(getenv); err != nil {
		return c, err
	}
	return c, nil
}

// checkPublicURL checks PUBLIC_URL, u: unset, or an absolute http or
// https URL with a host and neither user, query nor fragment (a path and
// a trailing slash are allowed: the pages are under u's path + "/g/").
// It needs HTTP_ADDR (httpAddr), where the pages are served.
func checkPublicURL(u, httpAddr string) error {
	if u == "" {
		return nil
	}
	const want = "want the absolute http(s) address at which HTTP_ADDR is reached, without query or fragment (e.g. https://mancala.example.com)"
	p, err := url.Parse(u)
	switch {
	case err != nil:
		return fmt.Errorf("PUBLIC_URL: %q is not a URL: %s", u, want)
	case p.Scheme != "http" && p.Scheme != "https":
		return fmt.Errorf("PUBLIC_URL: %q is not an http or https URL: %s", u, want)
	case p.Host == "" || p.Hostname() == "" || p.Opaque != "":
		return fmt.Errorf("PUBLIC_URL: %q has no host: %s", u, want)
	case p.User != nil:
		return fmt.Errorf("PUBLIC_URL: %q holds a user name: %s", p.Redacted(), want)
	case p.RawQuery != "" || p.ForceQuery || p.Fragment != "" || strings.ContainsAny(u, "?#"):
		return fmt.Errorf("PUBLIC_URL: %q has a query or a fragment: %s", u, want)
	case httpAddr == "":
		return errors.New("PUBLIC_URL: needs HTTP_ADDR, where the games' pages are served")
	}
	return nil
}

// httpFromEnv reads and checks ADMIN_ADDR and the HTTP servers' limits
// (HTTP_READ_TIMEOUT, HTTP_WRITE_TIMEOUT, HTTP_IDLE_TIMEOUT,
// HTTP_MAX_CONNS), each unset one taking its default.
func (c *Config) httpFromEnv(getenv func(string) string) error {
	if c.AdminAddr != "" {
		if _, _, err := net.SplitHostPort(c.AdminAddr); err != nil {
			return fmt.Errorf("ADMIN_ADDR: %q is not host:port (e.g. 127.0.0.1:9090)", c.AdminAddr)
		}
		if c.AdminAddr == c.HTTPAddr {
			return fmt.Errorf("ADMIN_ADDR: %q is HTTP_ADDR too: give it another port, or unset it", c.AdminAddr)
		}
	}
	var err error
	for _, v := range []struct {
		name     string
		dst      *time.Duration
		def, min time.Duration
		why      string
	}{
		{"HTTP_READ_TIMEOUT", &c.HTTP.ReadTimeout, defaultHTTPReadTimeout, time.Second, "a request's headers and body are sent at once"},
		{"HTTP_WRITE_TIMEOUT", &c.HTTP.WriteTimeout, defaultHTTPWriteTimeout, minHTTPWriteTimeout, "Discord's answers take up to 3s"},
		{"HTTP_IDLE_TIMEOUT", &c.HTTP.IdleTimeout, defaultHTTPIdleTimeout, time.Second, "a keep-alive connection is worth keeping that long"},
	} {
		if *v.dst, err = durationEnv(getenv, v.name, v.def); err != nil {
			return err
		}
		if *v.dst < v.min {
			return fmt.Errorf("%s: %s is too short: at least %s (%s)", v.name, *v.dst, v.min, v.why)
		}
	}
	files := openFileLimit()
	c.HTTP.MaxConns = defaultMaxConns(files)
	if v := strings.TrimSpace(getenv("HTTP_MAX_CONNS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("HTTP_MAX_CONNS: %q is not a positive whole number (e.g. 256; keep it well below the open-file limit, ulimit -n)", v)
		}
		if most := maxConnsFor(files); files > 0 && n > most {
			return fmt.Errorf("HTTP_MAX_CONNS: %d leaves too few of the %d open files (ulimit -n) to the database, the platforms and ADMIN_ADDR: at most %d, or raise the limit", n, files, most)
		}
		c.HTTP.MaxConns = n
	}
	return nil
}

// httpFilesReserve is how many open files HTTP_MAX_CONNS must leave to the
// rest of the process: the database, the platforms' connections, the
// admin listener and its clients.
const httpFilesReserve = 64

// maxConnsFor is the largest HTTP_MAX_CONNS accepted under an open-file
// limit of files (known: files > 0).
func maxConnsFor(files int) int { return max(1, files-httpFilesReserve) }

// defaultMaxConns is HTTP_MAX_CONNS's default: defaultHTTPMaxConns, or
// half the open-file limit files when that is lower (files 0: unknown).
func defaultMaxConns(files int) int {
	if files > 0 {
		return max(1, min(defaultHTTPMaxConns, files/2))
	}
	return defaultHTTPMaxConns
}

// maxSearchWorkers bounds SEARCH_WORKERS: a search keeps a core busy, and
// each holds its search's memory.
const maxSearchWorkers = 256

// inboundFromEnv reads and checks DISCORD_PUBLIC_KEY and the Telegram
// webhook, which need their token and HTTP_ADDR. The errors never hold
// the secret.
func (c *Config) inboundFromEnv(getenv func(string) string) error {
	if v := strings.TrimSpace(getenv("DISCORD_PUBLIC_KEY")); v != "" {
		key, err := discord.ParsePublicKey(v)
		if err != nil {
			return fmt.Errorf("DISCORD_PUBLIC_KEY: %v", err)
		}
		c.DiscordPublicKey = key
		switch {
		case c.DiscordToken == "":
			return errors.New("DISCORD_PUBLIC_KEY: needs DISCORD_TOKEN too (for the commands and the replies sent through the REST API)")
		case c.HTTPAddr == "":
			return errors.New("DISCORD_PUBLIC_KEY: needs HTTP_ADDR, where Discord's interactions are served (POST /discord/interactions)")
		}
	}
	if c.TelegramWebhookURL != "" || c.TelegramWebhookSecret != "" {
		if err := telegram.ValidateWebhook(c.TelegramWebhookURL, c.TelegramWebhookSecret); err != nil {
			return fmt.Errorf("TELEGRAM_WEBHOOK_URL, TELEGRAM_WEBHOOK_SECRET: %v", err)
		}
		switch {
		case c.TelegramToken == "":
			return errors.New("TELEGRAM_WEBHOOK_URL: needs TELEGRAM_TOKEN too")
		case c.HTTPAddr == "":
			return errors.New("TELEGRAM_WEBHOOK_URL: needs HTTP_ADDR, where the webhook is served (POST /telegram/webhook)")
		}
	}
	return nil
}

// notifyAfterFromEnv reads NOTIFY_AFTER, or REMIND_AFTER, its deprecated
// former name (the one-hour reminder, now the away-ping), when only that
// one is set; both at once are refused.
func (c *Config) notifyAfterFromEnv(getenv func(string) string) (time.Duration, error) {
	old := strings.TrimSpace(getenv("REMIND_AFTER"))
	if old == "" {
		return durationEnv(getenv, "NOTIFY_AFTER", defaultNotifyAfter)
	}
	if strings.TrimSpace(getenv("NOTIFY_AFTER")) != "" {
		return 0, errors.New("REMIND_AFTER: replaced by NOTIFY_AFTER, which is set too: unset REMIND_AFTER")
	}
	d, err := durationEnv(getenv, "REMIND_AFTER", defaultNotifyAfter)
	if err == nil {
		c.Deprecated = append(c.Deprecated, "REMIND_AFTER is deprecated: the reminder is now the ping of NOTIFY_AFTER; rename the variable")
	}
	return d, err
}

// durationEnv reads a positive Go duration ("90m", "24h") from the
// variable name, def when it is unset.
func durationEnv(getenv func(string) string, name string, def time.Duration) (time.Duration, error) {
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a duration (e.g. 90m, 1h, 24h)", name, v)
	}
	if d <= 0 {
		return 0, fmt.Errorf("%s: %q is not a positive duration", name, v)
	}
	return d, nil
}

// platformNames are the platforms the configuration runs: Discord and/or
// Telegram when their tokens are set, else the terminal chat.
func (c Config) platformNames() []string {
	var out []string
	if c.DiscordToken != "" {
		out = append(out, discord.Platform)
	}
	if c.TelegramToken != "" {
		out = append(out, telegram.Platform)
	}
	if len(out) == 0 {
		out = append(out, terminal.Platform)
	}
	return out
}

// Main is the running bot: tests start it for real against a temporary
// database and drive its terminal chat.
type Main struct {
	Config Config
	Stdin  io.Reader
	Stdout io.Writer
	Logger *slog.Logger
	// Opponent overrides the bot's opponent (tests); nil uses the search.
	Opponent bot.Opponent
	// Now overrides the clock (tests); nil is time.Now.
	Now func() time.Time

	DB  Database
	Bot *bot.Bot
	// holder names this process among those sharing the database (the
	// tick lease, the deliveries it holds).
	holder  string
	Metrics *metrics
	http    *http.Server
	httpLn  *limitListener
	mux     *http.ServeMux // m.http's; Run adds the inbound transports
	// admin serves the health endpoints and the metrics on adminLn when
	// ADMIN_ADDR is set (nil otherwise).
	admin   *http.Server
	adminLn net.Listener
	// later delivers what the bot sends after a request was answered (a
	// review: bot.Config.Deliver) through the running platforms; Run sets
	// it while it serves, nil otherwise (such a message is then dropped
	// and logged).
	later atomic.Pointer[func(context.Context, bot.Outgoing)]
	// platReady holds the readiness checks of the platforms Run serves
	// (those with a Ready method), for /readyz.
	platReady atomic.Pointer[[]platformReady]
}

// platformReady is a running platform's own readiness check.
type platformReady struct {
	name  string
	ready func() error
}

// Database is the store the bot runs on: SQLite (sqlite.DB) or PostgreSQL
// (postgres.DB).
type Database interface {
	store.Store
	Close() error
}

// openDatabase opens PostgreSQL when DATABASE_URL is set, else the SQLite
// file. A PostgreSQL that cannot be reached or refuses the login is a
// configuration error (exit 2), reported without the password.
func (c Config) openDatabase(ctx context.Context) (Database, error) {
	if c.DatabaseURL != "" {
		db, err := postgres.Open(ctx, c.DatabaseURL)
		if err != nil {
			return nil, usagef("DATABASE_URL: %s", postgres.Redact(err.Error(), c.DatabaseURL))
		}
		return db, nil
	}
	db, err := sqlite.Open(ctx, c.DatabasePath)
	if err != nil {
		return nil, openError(c.DatabasePath, err)
	}
	return db, nil
}

// Open opens the database and builds the bot. Close releases them.
func (m *Main) Open(ctx context.Context) error {
	if m.Logger == nil {
		m.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if err := locales.Validate(); err != nil {
		return fmt.Errorf("texts: %w", err)
	}
	db, err := m.Config.openDatabase(ctx)
	if err != nil {
		return err
	}
	m.DB = db
	m.holder = processName()
	if m.Config.DatabaseURL == "" {
		// One process per SQLite file (the file lock): a restart after a
		// crash is the same holder, and takes back at once the tick lease
		// and the boards the crashed process owed.
		m.holder = "sqlite"
		if err := db.ReleaseDeliveries(ctx, ""); err != nil {
			db.Close()
			m.DB = nil
			if sqlite.IsReadOnly(err) {
				return &cliError{code: exitUsage, msg: fmt.Sprintf("database %s: cannot be written (%v)%s", m.Config.DatabasePath, err, readOnlyHint)}
			}
			return fmt.Errorf("database: %w", err)
		}
	}
	m.Metrics = newMetrics(db, m.Config.platformNames()...)
	opp := m.Opponent
	if opp == nil {
		opp = defaultOpponent()
	}
	m.Bot = bot.New(bot.Config{
		Store:    db,
		Opponent: opp,
		Render:   renderPNG,
		// Rules come with diagrams of example moves.
		RuleDiagrams: true,
		Now:          m.Now,
		Logger:       m.Logger,
		NotifyAfter:  m.Config.NotifyAfter,
		ClaimAfter:   m.Config.ClaimAfter,
		Metrics:      m.Metrics,
		Holder:       m.holder,
		DeliveryHold: m.Config.DeliveryHold,
		EventLease:   m.Config.EventLease,
		// Every game has a page under it, linked from the chat.
		PublicURL: m.Config.PublicURL,
		// With pages, every finished game of two seats has its review
		// computed and stored in the background, for its page.
		ReviewAfterGame: m.Config.PublicURL != "",
		// The bot's moves and the reviews share these workers.
		SearchWorkers: m.Config.SearchWorkers,
		// A mention when it becomes a player's turn (edited boards
		// notify nobody).
		TurnNotices: true,
		Deliver:     m.deliverLater,
		// The boards' "Open board" button, where the board app runs.
		AppPlatforms: m.Config.App.platforms(),
	})
	if err := m.listen(); err != nil {
		db.Close()
		m.DB = nil
		return err
	}
	return nil
}

// listen opens the HTTP listeners the configuration asks for: HTTP_ADDR
// (bounded to HTTP_MAX_CONNS open connections) with the health endpoints
// and the metrics unless ADMIN_ADDR serves those.
func (m *Main) listen() error {
	limits := m.Config.HTTP.withDefaults()
	if m.Config.AdminAddr != "" {
		ln, err := net.Listen("tcp", m.Config.AdminAddr)
		if err != nil {
			return fmt.Errorf("ADMIN_ADDR %s: %w", m.Config.AdminAddr, err)
		}
		m.adminLn = ln
		m.admin = newHTTPServer(m.handler(), limits)
	}
	if m.Config.HTTPAddr != "" {
		ln, err := net.Listen("tcp", m.Config.HTTPAddr)
		if err != nil {
			if m.adminLn != nil {
				m.adminLn.Close()
			}
			return fmt.Errorf("HTTP_ADDR %s: %w", m.Config.HTTPAddr, err)
		}
		m.httpLn = newLimitListener(ln, limits.MaxConns)
		if m.admin != nil {
			m.mux = http.NewServeMux()
		} else {
			m.mux = m.handler()
		}
		m.http = newHTTPServer(m.mux, limits)
		m.mountPages()
		m.mountApp()
	}
	return nil
}

// readOnlyHint ends the refusal of a database the process cannot write.
const readOnlyHint = "; make the file, its directory and its -wal, -shm and .lock files writable by the bot's user"

// openError is the one line for a database that cannot be opened. The
// refusals (another process has it, its directory is missing, it is
// corrupt, it is read-only) stop the program with exit code 2, as a bad
// configuration does: restarting will not help until someone acts.
func openError(path string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "store: open "+path+": ")
	var hint string
	switch {
	case errors.Is(err, sqlite.ErrLocked):
		hint = "; one process serves a database file: stop the other one first"
	case errors.Is(err, sqlite.ErrNoDirectory):
		hint = "; restore it, or create the directory to start with an empty database"
	case errors.Is(err, sqlite.ErrCorrupt):
		hint = "; restore it from a backup"
	case sqlite.IsReadOnly(err), errors.Is(err, os.ErrPermission):
		msg, hint = "cannot be written ("+msg+")", readOnlyHint
	default:
		return fmt.Errorf("database %s: %s", path, msg)
	}
	return &cliError{code: exitUsage, msg: fmt.Sprintf("database %s: %s%s", path, msg, hint)}
}

// reviewStopWait is how long a stop waits for the reviews under way to
// finish before it cuts them short (bot.Bot.Stop).
const reviewStopWait = 2 * time.Second

// deliverLater is the bot's Config.Deliver: it sends o through the running
// platforms (see Main.later), or drops it, logged, when none runs.
func (m *Main) deliverLater(ctx context.Context, o bot.Outgoing) {
	if f := m.later.Load(); f != nil {
		(*f)(ctx, o)
		return
	}
	m.Logger.WarnContext(ctx, "message dropped: not serving", "platform", o.Platform, "channel", o.Channel)
}

// renderPNG draws the board the bot posts.
func renderPNG(p engine.Position, o render.Options) ([]byte, error) {
	var b bytes.Buffer
	if err := render.PNG(&b, p, o); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// platform is a running chat adapter.
type platform interface {
	Run(ctx context.Context) error
	Deliver(ctx context.Context, o bot.Outgoing) error
}

// terminalPlatform runs the terminal chat; its Run ends with the input.
type terminalPlatform struct {
	chat *terminal.Chat
	in   io.Reader
}

func (t terminalPlatform) Run(ctx context.Context) error { return t.chat.Run(ctx, t.in) }
func (t terminalPlatform) Deliver(_ context.Context, o bot.Outgoing) error {
	t.chat.Deliver(o)
	return nil
}

// every calls f at once, then every d until ctx ends.
func every(ctx context.Context, d time.Duration, f func()) {
	f()
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f()
		}
	}
}

// tuneTelegram, when set (by the tests' child processes only), adjusts the
// Telegram adapter's configuration: a fake server needs no pacing.
var tuneTelegram func(*telegram.Config)

// platforms builds the adapters the configuration asks for: Discord and/or
// Telegram when their tokens are set, else the terminal chat.
func (m *Main) platforms() (map[string]platform, error) {
	h := countingHandler{m.Bot, m.Metrics}
	out := map[string]platform{}
	if m.Config.DiscordToken != "" {
		a, err := discord.New(discord.Config{
			Token: m.Config.DiscordToken, AppID: m.Config.DiscordAppID, GuildID: m.Config.DiscordGuildID,
			APIBase: m.Config.DiscordAPIBase, Logger: m.Logger.With("platform", "discord"),
			PublicKey: m.Config.DiscordPublicKey,
			Metrics:   m.Metrics.platform(discord.Platform),
			Activity:  m.Config.App.DiscordActivity,
		}, h)
		if err != nil {
			return nil, fmt.Errorf("discord: %w", err)
		}
		out[discord.Platform] = a
	}
	if m.Config.TelegramToken != "" {
		tc := telegram.Config{
			Token: m.Config.TelegramToken, APIEndpoint: m.Config.TelegramAPIEndpoint,
			Logger:     m.Logger.With("platform", "telegram"),
			WebhookURL: m.Config.TelegramWebhookURL, WebhookSecret: m.Config.TelegramWebhookSecret,
			Metrics: m.Metrics.platform(telegram.Platform),
		}
		if m.Config.App.TelegramAppName != "" {
			tc.AppURL, tc.AppName = m.Config.appURL(), m.Config.App.TelegramAppName
		}
		if tuneTelegram != nil {
			tuneTelegram(&tc)
		}
		a, err := telegram.New(tc, h)
		if err != nil {
			return nil, fmt.Errorf("telegram: %w", err)
		}
		queues := a.Queues
		m.Metrics.platform(telegram.Platform).queues.Store(&queues)
		out[telegram.Platform] = a
	}
	if len(out) == 0 {
		chat := &terminal.Chat{Handler: h, Out: m.Stdout, ImageDir: m.Config.ImageDir, Locale: m.Config.Locale,
			Delivered: m.Metrics.platform(terminal.Platform).Delivered}
		out[terminal.Platform] = terminalPlatform{chat, m.Stdin}
	}
	return out, nil
}

// Run serves until ctx ends, or until the terminal's input does (when no
// token is configured). It returns nil on a clean stop and the first
// adapter's failure otherwise.
func (m *Main) Run(ctx context.Context) error {
	plats, err := m.platforms()
	if err != nil {
		return err
	}
	if err := m.mountInbound(plats); err != nil {
		return err
	}
	var readies []platformReady
	for name, p := range plats {
		if r, ok := p.(interface{ Ready() error }); ok {
			readies = append(readies, platformReady{name, r.Ready})
		}
	}
	m.platReady.Store(&readies)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errc := make(chan error, len(plats)+3)
	type server struct {
		name string
		srv  *http.Server
		ln   net.Listener
	}
	var servers []server
	if m.http != nil {
		servers = append(servers, server{"http", m.http, m.httpLn})
	}
	if m.admin != nil {
		servers = append(servers, server{"admin", m.admin, m.adminLn})
	}
	for _, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.srv.Serve(s.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- fmt.Errorf("%s: %w", s.name, err)
				cancel()
			}
		}()
	}
	deliver := func(out []bot.Outgoing) {
		for _, o := range out {
			p, ok := plats[o.Platform]
			if !ok {
				continue // a game of a platform not running now
			}
			if err := p.Deliver(ctx, o); err != nil {
				m.Logger.WarnContext(ctx, "delivery failed", "platform", o.Platform, "channel", o.Channel, "err", err)
			}
		}
	}
	later := func(ctx context.Context, o bot.Outgoing) {
		p, ok := plats[o.Platform]
		if !ok {
			return // a game of a platform not running now
		}
		if err := p.Deliver(ctx, o); err != nil {
			m.Logger.WarnContext(ctx, "delivery failed", "platform", o.Platform, "channel", o.Channel, "err", err)
		}
	}
	m.later.Store(&later)
	defer m.later.Store(nil)
	m.Logger.InfoContext(ctx, "serving", "config", m.Config.String())
	go func() {
		// The endgame databases built before (Oware's) make Hard and
		// Expert stronger from their first move; none is built here.
		if err := search.LoadCached(ctx); err != nil && ctx.Err() == nil {
			m.Logger.WarnContext(ctx, "endgame database not loaded", "err", err)
		}
	}()
	for _, note := range m.Config.Deprecated {
		m.Logger.WarnContext(ctx, note)
	}
	var runners sync.WaitGroup
	for name, p := range plats {
		runners.Add(1)
		go func() {
			defer runners.Done()
			err := p.Run(ctx)
			if err != nil && !errors.Is(err, context.Canceled) {
				errc <- fmt.Errorf("%s: %w", name, err)
			}
			cancel() // one platform stopping (the terminal's input ending) stops all
		}()
	}
	// Pings of players who are away and the bot's owed moves: by the one process
	// holding the lease (see lease.go). A process taking it over resumes
	// everything owed, as at start.
	bg := &lease{db: m.DB, holder: m.holder, now: m.Now, log: m.Logger}
	if bg.now == nil {
		bg.now = time.Now
	}
	work := func() {
		switch held, fresh := bg.take(ctx); {
		case fresh:
			deliver(m.Bot.Resume(ctx))
		case held:
			deliver(m.Bot.Tick(ctx))
		}
	}
	wg.Go(func() {
		defer bg.release()
		every(ctx, tickEvery, work)
	})
	// The boards owed to channels (the outbox, see bot.Owed): by every
	// process, each taking its own, so that the replies of a process that
	// died or stopped go out within DELIVERY_HOLD.
	wg.Go(func() { every(ctx, owedEvery, func() { deliver(m.Bot.Owed(ctx)) }) })
	for _, s := range servers {
		// The HTTP servers stop alongside the platforms, not after them,
		// so that a stop takes at most httpStopTimeout whatever is queued
		// (the platforms' own bound is shorter).
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ctx.Done()
			sctx, scancel := context.WithTimeout(context.Background(), httpStopTimeout)
			defer scancel()
			s.srv.Shutdown(sctx)
		}()
	}
	// Reviews under way: a little time to finish, then sent as they
	// stand, while the platforms stop (they still deliver then), so that
	// the whole stop stays within its 5 seconds.
	reviewsDone := make(chan struct{})
	go func() {
		defer close(reviewsDone)
		<-ctx.Done()
		sctx, scancel := context.WithTimeout(context.Background(), reviewStopWait)
		defer scancel()
		m.Bot.Stop(sctx)
	}()
	runners.Wait()
	cancel()
	select {
	case <-reviewsDone:
	case <-time.After(reviewStopWait + time.Second): // a delivery stuck: stop anyway
	}
	wg.Wait()
	m.releaseDeliveries()
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// mountInbound adds the HTTP endpoints of the platforms that receive
// through HTTP: POST /discord/interactions (DISCORD_PUBLIC_KEY) and POST
// /telegram/webhook (TELEGRAM_WEBHOOK_URL). configFromEnv requires
// HTTP_ADDR for them; a Main built otherwise without it fails here.
func (m *Main) mountInbound(plats map[string]platform) error {
	type route struct {
		pattern string
		h       http.Handler
	}
	var routes []route
	if a, ok := plats[discord.Platform].(*discord.Adapter); ok && len(m.Config.DiscordPublicKey) != 0 {
		routes = append(routes, route{"POST /discord/interactions", a.InteractionsHandler()})
	}
	if a, ok := plats[telegram.Platform].(*telegram.Adapter); ok && m.Config.TelegramWebhookURL != "" {
		routes = append(routes, route{"POST /telegram/webhook", a.WebhookHandler()})
	}
	if len(routes) > 0 && m.mux == nil {
		return errors.New("HTTP_ADDR: required for DISCORD_PUBLIC_KEY and TELEGRAM_WEBHOOK_URL")
	}
	for _, r := range routes {
		m.mux.Handle(r.pattern, r.h)
	}
	return nil
}

// Close releases the database (checkpointing its log).
func (m *Main) Close() error {
	if m.DB != nil {
		return m.DB.Close()
	}
	return nil
}

// handler serves /healthz (the process is alive: always 200), /readyz (the
// bot can do its job: 200, else 503 with a one-line reason, see ready) and
// /metrics (Prometheus text format). Bodies are short and name no path or
// error.
func (m *Main) handler() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if reason, err := m.ready(ctx); err != nil {
			m.Logger.WarnContext(r.Context(), "not ready", "reason", reason, "err", err)
			http.Error(w, reason, http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ok\n")
	})
	mux.Handle("GET /metrics", m.Metrics.handler())
	return mux
}

// ready checks that the bot can do its job: the database answers (ping)
// and takes a write (writeProbe), and no running platform says it cannot
// work (Telegram refusing the token: telegram.Adapter.Ready). It returns
// nil, or the reason /readyz gives (one line, no path, no secret) and the
// error behind it.
func (m *Main) ready(ctx context.Context) (reason string, err error) {
	if err := m.ping(ctx); err != nil {
		if errors.Is(err, sqlite.ErrFileGone) {
			return "database file removed or replaced", err
		}
		return "database unreachable", err
	}
	if err := m.writeProbe(ctx); err != nil {
		if errors.Is(err, sqlite.ErrFileGone) {
			return "database file removed or replaced", err
		}
		return "database cannot be written", err
	}
	if ps := m.platReady.Load(); ps != nil {
		for _, p := range *ps {
			if err := p.ready(); err != nil {
				return p.name + ": " + err.Error(), err
			}
		}
	}
	return "", nil
}

// ping checks the database answers: PostgreSQL's Ping, or a read of the
// SQLite file.
func (m *Main) ping(ctx context.Context) error {
	if p, ok := m.DB.(interface{ Ping(context.Context) error }); ok {
		return p.Ping(ctx)
	}
	_, err := m.DB.Language(ctx, "", "")
	return err
}

// writeProbe commits a write as a move does, the cheapest the store has:
// it takes and gives back a lease of this process's own ("readyz " and its
// holder name, which no other process takes). A full disk, a read-only
// file or a PostgreSQL refusing writes shows here before a player's move
// is refused.
func (m *Main) writeProbe(ctx context.Context) error {
	now := time.Now()
	if m.Now != nil {
		now = m.Now()
	}
	name := "readyz " + m.holder
	if _, err := m.DB.TakeLease(ctx, name, m.holder, now, time.Minute); err != nil {
		return err
	}
	return m.DB.ReleaseLease(ctx, name, m.holder)
}

// runServe is "mancala serve" (and "mancala" with no command).
func runServe(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args)
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, serveUsage)
		return nil
	}
	if len(a.pos) > 0 {
		return usagef("serve takes no arguments (configure it with environment variables)")
	}
	cfg, err := configFromEnv(os.Getenv)
	if err != nil {
		return usagef("%v", err)
	}
	logger := slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	m := &Main{Config: cfg, Stdin: stdin, Stdout: stdout, Logger: logger}
	if err := m.Open(ctx); err != nil {
		var ce *cliError
		if errors.As(err, &ce) {
			return err
		}
		return failf("%v", err)
	}
	defer m.Close()
	if err := m.Run(ctx); err != nil {
		return failf("%v", err)
	}
	return nil
}
