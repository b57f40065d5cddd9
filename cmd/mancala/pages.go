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

// pagesClientHeader is PAGES_CLIENT_HEADER: the header in which a proxy
// in front of HTTP_ADDR passes the client's address, for the pages' rate
// limit per client ("" when unset: the connection's address). A value
// that is not a header name is ignored, and logged.
func (m *Main) pagesClientHeader() string {
	h := strings.TrimSpace(os.Getenv("PAGES_CLIENT_HEADER"))
	if strings.Trim(h, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		m.Logger.Warn("PAGES_CLIENT_HEADER is not a header name (e.g. X-Forwarded-For): ignored")
		return ""
	}
	return h
}

// pagesHandler serves the games' pages (package web) from db, under
// publicURL: GET /g/... and /static/...; clientHeader is
// web.Config.ClientHeader.
//
// Still to wire when the branches meet (web.Config): DecodeReview:
// review.Decode and GraphSVG: graph.SVG (review/graph), Record:
// web.RecordFormat{Write: record.Export with record.Text, ContentType:
// record.ContentType(record.Text), FileName: record.FileName(g,
// record.Text)} and GameGIF: render.GameGIF.
func pagesHandler(publicURL, clientHeader string, db web.Store, log *slog.Logger) http.Handler {
	return web.New(web.Config{
		Store:        db,
		PublicURL:    publicURL,
		Logger:       log,
		ClientHeader: clientHeader,
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
	h := pagesHandler(u, m.pagesClientHeader(), m.DB, m.Logger)
	m.mux.Handle("GET /g/", h)
	m.mux.Handle("GET /static/", h)
	if m.admin == nil {
		m.Logger.Warn("the games' pages share HTTP_ADDR with /healthz, /readyz and /metrics: set ADMIN_ADDR to keep those off the public listener")
	}
}
