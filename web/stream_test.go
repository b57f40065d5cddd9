package web

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// An event stream's headers and bytes: events with their data, a retry
// before the event it goes with, comments; a line break in an event or a
// comment is refused and writes nothing.
func TestEventWriter(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	err := NewStreams(nil, StreamConfig{}).Serve(rec, httptest.NewRequest("GET", "/e", nil), func(ctx context.Context, out *EventWriter) error {
		for _, e := range []Event{{Name: "version", Data: "7"}, {Name: "game", Data: `{"version":8}`}, {Name: "end", Data: "8", Retry: time.Hour}} {
			if err := out.Send(e); err != nil {
				return err
			}
		}
		if err := out.Comment("still here"); err != nil {
			return err
		}
		if out.Send(Event{Name: "x", Data: "a\nevent: forged"}) == nil || out.Send(Event{Name: "x\r", Data: "1"}) == nil ||
			out.Comment("a\n\nevent: forged") == nil {
			t.Error("a line break was accepted")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "event: version\ndata: 7\n\nevent: game\ndata: {\"version\":8}\n\nretry: 3600000\nevent: end\ndata: 8\n\n: still here\n\n"
	if got := rec.Body.String(); got != want {
		t.Errorf("stream %q, want %q", got, want)
	}
	h := rec.Header()
	if h.Get("Content-Type") != "text/event-stream" || h.Get("Cache-Control") != "no-store" || h.Get("X-Accel-Buffering") != "no" || !rec.Flushed {
		t.Errorf("headers %v, flushed %v", h, rec.Flushed)
	}
}

// Serve runs at most Max streams at once (ErrBusy, nothing written, past
// it; the slot is free again when a stream ends) and hides the errors of
// a stream ended by its context, not others.
func TestStreamsServe(t *testing.T) {
	t.Parallel()
	s := NewStreams(nil, StreamConfig{Max: 1})
	started, release, done := make(chan struct{}), make(chan struct{}), make(chan error)
	go func() {
		done <- s.Serve(httptest.NewRecorder(), httptest.NewRequest("GET", "/e", nil), func(ctx context.Context, out *EventWriter) error {
			close(started)
			<-release
			return context.Canceled
		})
	}()
	<-started
	busy := httptest.NewRecorder()
	ran := false
	if err := s.Serve(busy, httptest.NewRequest("GET", "/e", nil), func(context.Context, *EventWriter) error { ran = true; return nil }); !errors.Is(err, ErrBusy) || ran || len(busy.Header()) != 0 {
		t.Errorf("a second stream past Max 1: %v, ran %v, headers %v; want ErrBusy, nothing run or written", err, ran, busy.Header())
	}
	close(release)
	if err := <-done; err != nil {
		t.Errorf("a stream ended by its context: %v, want nil", err)
	}
	boom := errors.New("store down")
	if err := s.Serve(httptest.NewRecorder(), httptest.NewRequest("GET", "/e", nil), func(context.Context, *EventWriter) error { return boom }); err != boom {
		t.Errorf("after the first ended: %v, want the stream's own error", err)
	}
}

// scripted is a GameReader answering one game after another, then err.
type scripted struct {
	games []*store.Game
	err   error
}

func (s *scripted) Game(ctx context.Context, id int64) (*store.Game, error) {
	if len(s.games) == 0 {
		return nil, s.err
	}
	g := s.games[0]
	s.games = s.games[1:]
	return g, nil
}

// Follow calls changed for each new version only, and stops after a
// finished game (nil) or at the store's error.
func TestStreamsFollow(t *testing.T) {
	t.Parallel()
	g := func(v int64, phase store.Phase) *store.Game { return &store.Game{ID: 9, Version: v, Phase: phase} }
	boom := errors.New("store down")
	for _, c := range []struct {
		name    string
		reads   []*store.Game
		want    []int64
		wantErr error
	}{
		{"to the end", []*store.Game{g(3, store.PhasePlaying), g(4, store.PhasePlaying), g(4, store.PhasePlaying), g(6, store.PhaseOver), g(7, store.PhasePlaying)}, []int64{4, 6}, nil},
		{"the store fails", []*store.Game{g(5, store.PhasePlaying)}, []int64{5}, boom},
	} {
		s := NewStreams(&scripted{games: c.reads, err: boom}, StreamConfig{Poll: time.Millisecond})
		var seen []int64
		err := s.Follow(context.Background(), g(3, store.PhasePlaying), func(cur *store.Game) error {
			seen = append(seen, cur.Version)
			return nil
		}, 0, nil)
		if err != c.wantErr || !slices.Equal(seen, c.want) {
			t.Errorf("%s: versions %v, error %v; want %v, %v", c.name, seen, err, c.want, c.wantErr)
		}
	}
}
