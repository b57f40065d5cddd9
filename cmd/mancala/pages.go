package main

import (
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/mancala-bot/mancala/web"
)

// pagesURL is PUBLIC_URL, the base of the games' pages ("" when unset:
// no pages are served).
//
// The configuration (Config.PublicURL, checked by configFromEnv) comes
// with the chat's links; until then the variable is read here.
func (m *Main) pagesURL() string { return strings.TrimSpace(os.Getenv("PUBLIC_URL")) }

// pagesHandler serves the games' pages (package web) from db, under
// publicURL: GET /g/... and /static/....
func pagesHandler(publicURL string, db web.Store, log *slog.Logger) http.Handler {
	return web.New(web.Config{
		Store:     db,
		PublicURL: publicURL,
		Logger:    log,
	}).Handler()
}

// mountPages mounts the games' pages on HTTP_ADDR's listener when
// PUBLIC_URL is set. The health endpoints and the metrics stay off it
// when ADMIN_ADDR is set; without ADMIN_ADDR they share the public
// listener, which the log says once.
func (m *Main) mountPages() {
	u := m.pagesURL()
	if u == "" || m.mux == nil {
		return
	}
	h := pagesHandler(u, m.DB, m.Logger)
	m.mux.Handle("GET /g/", h)
	m.mux.Handle("GET /static/", h)
	if m.admin == nil {
		m.Logger.Warn("the games' pages share HTTP_ADDR with /healthz, /readyz and /metrics: set ADMIN_ADDR to keep those off the public listener")
	}
}
