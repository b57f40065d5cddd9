package web

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// The record and the whole game's GIF are served by the functions given
// (package record's and render.GameGIF at the program's wiring; stand-ins
// here that say what they were given), linked from the page only then.
func TestDownloads(t *testing.T) {
	f, pl, plain := finishedKalah(t, Config{})
	var gifArgs string
	h := New(Config{Store: f.db,
		Record: RecordFormat{
			Write: func(w io.Writer, g *store.Game) error {
				_, err := fmt.Fprintf(w, "%s, %d moves\n", g.Variant, len(g.Moves))
				return err
			},
			ContentType: "application/x-mancala-record",
			FileName:    func(g *store.Game) string { return g.Variant + " game.txt" },
		},
		GameGIF: func(w io.Writer, positions []engine.Position, events [][]engine.Event, o render.Options) error {
			gifArgs = fmt.Sprintf("%d positions, %d moves, names %q, status %s, viewer %s, %d events",
				len(positions), len(events), o.Names, o.Status, o.Viewer, len(o.Events))
			_, err := io.WriteString(w, "GIF89a")
			return err
		},
	}).Handler()
	id := pageID("kalahpage")
	moves := len(pl.rec.Moves)

	res := get(t, h, "/g/"+id+".txt")
	if b := body(t, res); b != fmt.Sprintf("kalah, %d moves\n", moves) || res.Header.Get("Content-Type") != "application/x-mancala-record" ||
		res.Header.Get("Content-Disposition") != `attachment; filename="kalah game.txt"` {
		t.Errorf("record: %q %q %q", b, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"))
	}
	if again := get(t, h, "/g/"+id+".txt", "If-None-Match: "+res.Header.Get("ETag")); again.StatusCode != http.StatusNotModified {
		t.Errorf("record with its ETag: %s", again.Status)
	}

	res = get(t, h, "/g/"+id+".gif")
	if b := body(t, res); b != "GIF89a" || res.Header.Get("Content-Type") != "image/gif" {
		t.Errorf("GIF: %q %q", b, res.Header.Get("Content-Type"))
	}
	if want := fmt.Sprintf(`%d positions, %d moves, names ["Alice" "Bot"], status %s, viewer south, 0 events`, moves+1, moves, engine.Draw); gifArgs != want {
		t.Errorf("GameGIF given %s\nwant %s", gifArgs, want)
	}

	page := body(t, get(t, h, "/g/"+id))
	for _, link := range []string{`href="` + id + `.txt"`, `href="` + id + `.json"`, `href="` + id + `.gif"`} {
		if !strings.Contains(page, link) {
			t.Errorf("no link %s", link)
		}
	}
	page = body(t, get(t, plain, "/g/"+id))
	if strings.Contains(page, id+".txt") || strings.Contains(page, id+".gif") || !strings.Contains(page, id+".json") {
		t.Error("without the functions: links to the record or the GIF, or none to the JSON")
	}
	for _, p := range []string{"/g/" + id + ".txt", "/g/" + id + ".gif"} {
		if res := get(t, plain, p); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s without its function: %s", p, res.Status)
		}
	}
	for _, p := range []string{"/g/" + pageID("challengepage") + ".txt", "/g/" + pageID("challengepage") + ".gif"} {
		if res := get(t, h, p); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %s", p, res.Status)
		}
	}
}
