// Package app is the server of the board app (issue #29): the page a
// player opens from a Telegram chat (a Mini App) or a Discord channel (an
// Activity) to play by tapping the board, and the JSON API it calls.
//
// The server is mounted under PUBLIC_URL + "/app/" with that prefix
// stripped: [Server.Handler] serves paths relative to it, and everything
// the page loads or calls is linked relatively, because Discord's proxy
// maps the Activity's root to our /app/.
//
// # Routes
//
//   - GET / and GET /{file}: the client (assets/, embedded).
//   - GET api/text: the client's texts before sign-in.
//   - POST api/session/telegram {"init_data"}: a session for the user of
//     verified launch data; the game is the link's start_param.
//   - POST api/discord/token {"code"}: the Activity's token exchange
//     ([activity.Client.TokenHandler]).
//   - POST api/session/discord {"channel_id"}, with the Discord access
//     token as Bearer: a session for the token's user; the game is the
//     channel's live one, else its last.
//   - GET api/game/{page}: the game's state for the session's user (or a
//     spectator without a session).
//   - GET api/game/{page}/board.png: the board as the state's URL asks.
//   - GET api/game/{page}/events: server-sent "version" events.
//   - POST api/game/{page}/move {"version","move"}: a move, through the
//     bot as a button press.
//
// Errors are JSON, {"error": text in the user's language, "code": a
// machine code}, with the HTTP status saying the kind: 400 bad_request,
// 401 no_session / bad_session / sign_in, 403 not_player, 404 not_found /
// off, 409 refused, 413 too_large, 429 rate_limited, 502 discord, 500
// internal (never the detail, which is logged).
package app

import (
	"context"
	"embed"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/miniapp/activity"
	"github.com/mancala-bot/mancala/miniapp/initdata"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/web"
)

// Store is what the server reads: store/sqlite and store/postgres
// implement it. Errors: store.ErrNotFound as documented by store.Store;
// anything else is an internal failure.
type Store interface {
	// Game returns the game with that id, or store.ErrNotFound.
	Game(ctx context.Context, id int64) (*store.Game, error)
	// GameByPage returns the game whose page id is pageID, or
	// store.ErrNotFound (also for a malformed id).
	GameByPage(ctx context.Context, pageID string) (*store.Game, error)
	// LiveGame returns the channel's live game, or store.ErrNotFound.
	LiveGame(ctx context.Context, platform, channel string) (*store.Game, error)
	// LastGame returns the channel's last finished game, or
	// store.ErrNotFound.
	LastGame(ctx context.Context, platform, channel string) (*store.Game, error)
}

// Config is what a Server needs. Store, Handle and SessionKey are
// required; the sign-ins are off while their field is nil.
type Config struct {
	Store Store
	// Handle is the bot's Handle: a move is a request to it.
	Handle func(ctx context.Context, req bot.Request) []bot.Reply
	// Deliver sends a move's public replies to the game's chat (through
	// the platform's adapter); nil drops them.
	Deliver func(ctx context.Context, o bot.Outgoing)
	// Telegram verifies a Mini App's launch data; nil: no Telegram sign-in.
	Telegram *initdata.Verifier
	// Discord exchanges an Activity's code and identifies its user; nil:
	// no Discord sign-in.
	Discord *activity.Client
	// SessionKey signs the sessions: at least 32 random bytes, the same
	// in every process serving the app. New panics without it.
	SessionKey []byte
	// SessionFor is how long a session lasts: 12 h when zero.
	SessionFor time.Duration
	// Logger gets the internal failures; nil: nothing is logged. Tokens
	// and launch data are never logged.
	Logger *slog.Logger
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	// Poll is how often an event stream reads the game's version: 400 ms
	// when zero.
	Poll time.Duration
	// StreamFor bounds a stream's life (the browser reconnects): 10 min
	// when zero.
	StreamFor time.Duration
	// MaxStreams bounds the streams open at once: 1000 when zero.
	MaxStreams int
	// Rate and Burst are each session's token bucket (requests a second,
	// and at once): 5 and 40 when zero. Requests without a session share
	// one bucket per client address of ten times as much, Discord's
	// proxy being one address for all its users.
	Rate  float64
	Burst int
	// ClientHeader names the header in which a proxy in front passes the
	// client's address ("X-Forwarded-For"), as web.Config.ClientHeader;
	// empty: the connection's address.
	ClientHeader string
}

// The defaults of Config's zero fields.
const (
	defaultSessionFor = 12 * time.Hour
	defaultRate       = 5
	defaultBurst      = 40
	// maxBody bounds a request's body (Telegram's launch data is a few
	// hundred bytes, at most a few KiB).
	maxBody = 16 << 10
)

// Server is the board app's server. It is safe for concurrent use.
type Server struct {
	cfg     Config
	log     *slog.Logger
	perUser *web.Limiter
	perAddr *web.Limiter
	streams *web.Streams
	mux     *http.ServeMux
}

//go:embed assets
var assets embed.FS

// New returns a Server for cfg, its zero fields set to their defaults. It
// panics when Store or Handle is nil or SessionKey is shorter than 32
// bytes: a configuration error.
func New(cfg Config) *Server {
	if cfg.Store == nil || cfg.Handle == nil || len(cfg.SessionKey) < 32 {
		panic("app.New: Store, Handle and a SessionKey of 32 bytes or more are required")
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SessionFor <= 0 {
		cfg.SessionFor = defaultSessionFor
	}
	if cfg.Rate <= 0 {
		cfg.Rate = defaultRate
	}
	if cfg.Burst <= 0 {
		cfg.Burst = defaultBurst
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		cfg:     cfg,
		log:     log,
		perUser: web.NewLimiter(cfg.Rate, cfg.Burst, cfg.Now),
		perAddr: web.NewLimiter(10*cfg.Rate, 10*cfg.Burst, cfg.Now),
		streams: web.NewStreams(cfg.Store, web.StreamConfig{Poll: cfg.Poll, For: cfg.StreamFor, Max: cfg.MaxStreams}),
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.static)
	mux.HandleFunc("GET /{file}", s.static)
	mux.HandleFunc("GET /api/text", s.texts)
	mux.HandleFunc("POST /api/session/telegram", s.telegramSession)
	mux.HandleFunc("POST /api/discord/token", s.discordToken)
	mux.HandleFunc("POST /api/session/discord", s.discordSession)
	mux.HandleFunc("GET /api/game/{page}", s.state)
	mux.HandleFunc("GET /api/game/{page}/board.png", s.boardPNG)
	mux.HandleFunc("GET /api/game/{page}/events", s.events)
	mux.HandleFunc("POST /api/game/{page}/move", s.move)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, codeNotFound, nil)
	})
	s.mux = mux
	return s
}

// csp is every answer's Content-Security-Policy: nothing but this
// server's own files, shown inside Telegram's and Discord's clients.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; " +
	"frame-ancestors 'self' https://web.telegram.org https://*.discordsays.com https://discord.com " +
	"https://*.discord.com"

// Handler serves the routes of the package documentation (paths relative
// to the app's prefix) with the security headers and the rate limit.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		s.mux.ServeHTTP(w, r)
	})
}

// limited takes a token of key's bucket (a session's user, else the
// client's address): false after answering 429.
func (s *Server) limited(w http.ResponseWriter, r *http.Request, sess *Session) bool {
	var wait time.Duration
	var ok bool
	if sess != nil {
		wait, ok = s.perUser.Allow(sess.Platform + ":" + sess.UserID)
	} else {
		wait, ok = s.perAddr.Allow(web.ClientAddr(r, s.cfg.ClientHeader))
	}
	if ok {
		return false
	}
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int(wait/time.Second)+1)))
	s.fail(w, r, http.StatusTooManyRequests, codeRateLimited, sess)
	return true
}

// lookup finds the game of page id pageID: nil, after answering 404 or
// 500, when there is none to show. A game that never started has none,
// as on the game pages.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request, pageID string, sess *Session) *store.Game {
	if !store.ValidPageID(pageID) {
		s.fail(w, r, http.StatusNotFound, codeNotFound, sess)
		return nil
	}
	g, err := s.cfg.Store.GameByPage(r.Context(), pageID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, r, http.StatusNotFound, codeNotFound, sess)
		return nil
	case err != nil:
		s.internal(w, r, "reading the game", err, sess)
		return nil
	case !shown(g):
		s.fail(w, r, http.StatusNotFound, codeNotFound, sess)
		return nil
	}
	return g
}

// shown reports whether g has a board to show: it started.
func shown(g *store.Game) bool {
	return g.Phase != store.PhaseChallenge && !(g.Phase == store.PhaseOver && g.Result == "")
}
