package main

import (
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/mancala-bot/mancala/record"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/graph"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/web"
)

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
// web.Config.ClientHeader. The stored reviews are decoded by
// review.Decode and their graphs drawn by review/graph (the chat's
// drawing), the record is package record's text format (OGN for Oware),
// and the whole game's GIF is render.GameGIF.
func pagesHandler(publicURL, clientHeader string, db web.Store, log *slog.Logger) http.Handler {
	return web.New(web.Config{
		Store:        db,
		PublicURL:    publicURL,
		Logger:       log,
		ClientHeader: clientHeader,
		DecodeReview: review.Decode,
		GraphSVG:     graph.SVG,
		Record: web.RecordFormat{
			Write:       func(w io.Writer, g *store.Game) error { return record.Export(w, g, record.Text) },
			ContentType: record.ContentType(record.Text),
			FileName:    func(g *store.Game) string { return record.FileName(g, record.Text) },
		},
		GameGIF: render.GameGIF,
	}).Handler()
}

// mountPages mounts the games' pages on HTTP_ADDR's listener when
// PUBLIC_URL (Config.PublicURL) is set. The health endpoints and the
// metrics stay off it when ADMIN_ADDR is set; without ADMIN_ADDR they
// share the public listener, which the log says once.
func (m *Main) mountPages() {
	u := m.Config.PublicURL
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
