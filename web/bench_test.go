package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkFinishedPage serves the page of a finished game of Kalah (33
// moves) at its last ply: the store's reads and the replay of the moves
// each time, the HTML from the cache after the first (a finished game's
// page does not change). It reports the page's size.
func BenchmarkFinishedPage(b *testing.B) {
	_, _, h := finishedKalah(b, Config{Rate: 1e9, Burst: 1 << 30})
	path := "/g/" + pageID("kalahpage")
	var size int
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size), "page_bytes")
}

// BenchmarkBoardPNG serves a board of the finished game, as a visitor
// stepping through it asks for one at each step: drawn once, then from
// the cache.
func BenchmarkBoardPNG(b *testing.B) {
	_, _, h := finishedKalah(b, Config{Rate: 1e9, Burst: 1 << 30})
	path := "/g/" + pageID("kalahpage") + "/board/5.png"
	var size int
	for b.Loop() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
		if w.Code != http.StatusOK {
			b.Fatal(w.Code)
		}
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size), "png_bytes")
}
