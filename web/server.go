package web

import (
	"context"
	"embed"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/store"
)

// Store is what the pages read from persistence: store/sqlite and
// store/postgres implement it. Errors: store.ErrNotFound as documented by
// store.Store; anything else is an internal failure (answered 500 or, for
// a stream, its end).
type Store interface {
	// Game returns the game with that id, or store.ErrNotFound.
	Game(ctx context.Context, id int64) (*store.Game, error)
	// GameByPage returns the game whose page id is pageID, or
	// store.ErrNotFound (also for a malformed id).
	GameByPage(ctx context.Context, pageID string) (*store.Game, error)
	// Watch records that viewer watches the game until until.
	Watch(ctx context.Context, gameID int64, viewer string, until time.Time) error
	// Watchers counts the viewers of the game whose until is after at.
	Watchers(ctx context.Context, gameID int64, at time.Time) (int, error)
	// Review returns the stored review of the game at moves plies, or
	// store.ErrNotFound.
	Review(ctx context.Context, gameID int64, moves int) ([]byte, error)
}

// Config is what a Server needs. Store is required; every other field has
// a default.
type Config struct {
	Store Store
	// PublicURL is the base the pages are reached under
	// (https://example.org/mancala); links are PublicURL + "/g/" + id.
	// The pages link to each other relatively, so it is only used for
	// the page's canonical link.
	PublicURL string
	// Logger gets the internal failures (never shown to a visitor);
	// nil: nothing is logged.
	Logger *slog.Logger
	// Now is the clock (spectators' heartbeats); nil: time.Now.
	Now func() time.Time
	// DecodeReview decodes what Store.Review returns (review.Decode);
	// nil: no review is shown ("no review yet").
	DecodeReview func([]byte) (*review.Review, error)
	// GraphSVG draws a review's graph for the page in lang with the
	// point of ply current marked (review/graph's SVG, the chat's
	// drawing); its output is embedded as it is, so it must escape what
	// it writes and hold nothing a strict CSP blocks. nil: no review is
	// shown, as without DecodeReview.
	GraphSVG func(w io.Writer, rv *review.Review, lang locales.Lang, current int) error
	// Poll is how often a live stream reads the game's version: 400 ms
	// when zero.
	Poll time.Duration
	// WatchEvery is how often a stream renews its viewer (valid three
	// periods) and recounts the spectators: 5 s when zero.
	WatchEvery time.Duration
	// StreamFor bounds a stream's life (the browser reconnects): 10 min
	// when zero.
	StreamFor time.Duration
	// MaxStreams bounds the streams open at once in this process; past
	// it, 503 with Retry-After. 1000 when zero.
	MaxStreams int
	// Rate and Burst are each client's token bucket: Rate requests a
	// second on average, Burst at once. 10 and 60 when zero.
	Rate  float64
	Burst int
	// ClientHeader names the header in which a proxy in front passes the
	// client's address ("X-Forwarded-For", "X-Real-IP"): its last
	// address is the client the rate limit counts. Empty: the
	// connection's address (behind a proxy, the proxy's for everyone).
	ClientHeader string
	// Record writes /g/{id}.txt (package record's text format); its
	// zero value serves none.
	Record RecordFormat
	// GameGIF draws /g/{id}.gif (render.GameGIF); nil serves none.
	GameGIF GameGIFFunc
	// CacheBytes bounds the finished games' pages and images kept in
	// memory: 32 MiB when zero.
	CacheBytes int
}

// The defaults of Config's zero fields.
const (
	defaultWatchEvery = 5 * time.Second
	defaultRate       = 10
	defaultBurst      = 60
)

// Server serves the game pages. It is safe for concurrent use.
type Server struct {
	cfg     Config
	log     *slog.Logger
	limiter *limiter
	cache   *cache
	streams *Streams
	mux     *http.ServeMux
}

//go:embed assets
var assets embed.FS

// New returns a Server for cfg, its zero fields set to their defaults.
func New(cfg Config) *Server {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.WatchEvery <= 0 {
		cfg.WatchEvery = defaultWatchEvery
	}
	if cfg.Rate <= 0 {
		cfg.Rate = defaultRate
	}
	if cfg.Burst <= 0 {
		cfg.Burst = defaultBurst
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = defaultCacheBytes
	}
	cfg.PublicURL = strings.TrimRight(cfg.PublicURL, "/")
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{cfg: cfg, log: log, limiter: newLimiter(cfg.Rate, cfg.Burst, cfg.Now), cache: newCache(cfg.CacheBytes),
		streams: NewStreams(cfg.Store, StreamConfig{Poll: cfg.Poll, For: cfg.StreamFor, Max: cfg.MaxStreams})}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /g/{file}", s.gameFile)
	mux.HandleFunc("GET /g/{id}/board/{file}", s.board)
	mux.HandleFunc("GET /g/{id}/move/{file}", s.move)
	mux.HandleFunc("GET /g/{id}/events", s.events)
	mux.HandleFunc("GET /static/{file}", s.static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { notFound(w) })
	s.mux = mux
	return s
}

// Link is the page of the game with page id pageID under base (PUBLIC_URL).
func Link(base, pageID string) string {
	return strings.TrimRight(base, "/") + "/g/" + pageID
}

// csp is every answer's Content-Security-Policy: nothing but this
// server's own script, stylesheet, images and event stream.
const csp = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Handler serves the routes of the package documentation, with the
// security headers and the rate limit on every answer.
func (s *Server) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		if wait, ok := s.limiter.allow(clientOf(r, s.cfg.ClientHeader)); !ok {
			h.Set("Retry-After", retryAfter(wait))
			h.Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, "Too many requests: try again in a moment.\n")
			return
		}
		s.mux.ServeHTTP(w, r)
	})
}

// notFound is the one answer for anything that is not a page: the same
// body whether the id is malformed, unknown or of a game without a page.
func notFound(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	io.WriteString(w, "Not found.\n")
}

// internalError answers 500 with a generic body and logs err.
func (s *Server) internalError(w http.ResponseWriter, r *http.Request, what string, err error) {
	s.log.ErrorContext(r.Context(), "game page: "+what, "path", r.URL.Path, "err", err)
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusInternalServerError)
	io.WriteString(w, "Something went wrong: try again later.\n")
}

// lookup finds the game of a page: nil, after answering 404 or 500, when
// there is none to show. A game that never started (a challenge, declined
// or withdrawn) has no page.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request, pageID string) *store.Game {
	if !store.ValidPageID(pageID) {
		notFound(w)
		return nil
	}
	g, err := s.cfg.Store.GameByPage(r.Context(), pageID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		notFound(w)
		return nil
	case err != nil:
		s.internalError(w, r, "reading the game", err)
		return nil
	case g.Phase == store.PhaseChallenge || (g.Phase == store.PhaseOver && g.Result == ""):
		notFound(w)
		return nil
	}
	return g
}

// answer writes the answer of g tagged tag: the one kept in the cache,
// else make's, kept when g is over (its answers never change). make's
// error is answered 500 and logged as failing to do what.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, g *replayed, tag, what string, make func() ([]byte, error)) {
	b, ok := s.cache.get(tag)
	if !ok {
		var err error
		if b, err = make(); err != nil {
			w.Header().Del("ETag")
			s.internalError(w, r, what, err)
			return
		}
		if g.over() {
			s.cache.put(tag, b)
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}

// gameFile serves /g/{id} (the page), /g/{id}.json, .txt and .gif.
func (s *Server) gameFile(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	switch {
	case strings.HasSuffix(file, ".json"):
		s.json(w, r, strings.TrimSuffix(file, ".json"))
	case strings.HasSuffix(file, ".txt"):
		s.record(w, r, strings.TrimSuffix(file, ".txt"))
	case strings.HasSuffix(file, ".gif"):
		s.gameGIF(w, r, strings.TrimSuffix(file, ".gif"))
	case strings.Contains(file, "."):
		notFound(w)
	default:
		s.page(w, r, file)
	}
}

// static serves the embedded stylesheet and script, cacheable for a day
// and revalidated by ETag.
func (s *Server) static(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	var ctype string
	switch {
	case strings.HasSuffix(name, ".css"):
		ctype = "text/css; charset=utf-8"
	case strings.HasSuffix(name, ".js"):
		ctype = "text/javascript; charset=utf-8"
	default:
		notFound(w)
		return
	}
	data, err := assets.ReadFile("assets/" + name)
	if err != nil {
		notFound(w)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", "public, max-age=86400")
	if notModified(w, r, etag("static", name, hashOf(data))) {
		return
	}
	w.Write(data)
}
