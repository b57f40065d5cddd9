package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// sse is a client's end of an event stream.
type sse struct {
	t   *testing.T
	res *http.Response
	r   *bufio.Reader
}

// open opens the event stream at url.
func open(t *testing.T, url string) *sse {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%s: %s %q", url, res.Status, res.Header.Get("Content-Type"))
	}
	return &sse{t: t, res: res, r: bufio.NewReader(res.Body)}
}

// next waits for the next event: its name and data. ok is false at the
// end of the stream.
func (s *sse) next() (event, data string, ok bool) {
	s.t.Helper()
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return "", "", false
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case line == "" && event != "":
			return event, data, true
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = strings.TrimPrefix(line, "data: ")
		}
	}
}

// want waits for the next event and checks it is event with data.
func (s *sse) want(event, data string) {
	s.t.Helper()
	e, d, ok := s.next()
	if !ok || e != event || d != data {
		s.t.Fatalf("event %q %s (ok %v), want %q %s", e, d, ok, event, data)
	}
}

// A live page's stream: the game's version at once, then the spectators
// (this stream's viewer recorded with Watch), a new version when a move
// is stored, and the end when the game is over. Nothing waits on the
// clock: each step waits for its event.
func TestEventsLiveGame(t *testing.T) {
	f, _, h := finishedKalah(t, Config{Poll: 5 * time.Millisecond, WatchEvery: time.Hour})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	live := f.game(t, "livepage")

	a := open(t, srv.URL+"/g/livepage_____________A/events")
	a.want("game", `{"version":1,"moves":6,"phase":"playing"}`)
	a.want("watchers", `{"count":1,"text":"1 spectator"}`)
	if n, _ := f.db.Watchers(t.Context(), live.ID, t0.Add(3*time.Hour-time.Second)); n != 1 {
		t.Fatalf("%d watchers recorded, want 1 (valid three periods)", n)
	}
	b := open(t, srv.URL+"/g/livepage_____________A/events?lang=ru")
	b.want("game", `{"version":1,"moves":6,"phase":"playing"}`)
	b.want("watchers", `{"count":2,"text":"2 зрителя"}`)

	live.Moves = append(live.Moves, store.Move{Ply: 6, Move: nextMove(t, live), At: t0})
	f.update(t, live)
	a.want("game", `{"version":2,"moves":7,"phase":"playing"}`)
	b.want("game", `{"version":2,"moves":7,"phase":"playing"}`)
	if m := cellsRe.FindStringSubmatch(body(t, get(t, h, "/g/"+pageID("livepage")))); m == nil || m[1] != "7" {
		t.Errorf("the page after the move: %q, want ply 7", m)
	}

	live.Phase, live.Result, live.Reason = store.PhaseOver, "north_won", "resign"
	f.update(t, live)
	a.want("game", `{"version":3,"moves":7,"phase":"over"}`)
	a.want("end", `{"version":3,"moves":7,"phase":"over"}`)
	if e, d, ok := a.next(); ok {
		t.Errorf("after the end: %s %s", e, d)
	}
}

// A finished game's stream says so and ends.
func TestEventsFinishedGame(t *testing.T) {
	_, pl, h := finishedKalah(t, Config{})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	s := open(t, srv.URL+"/g/kalahpage____________A/events")
	v, _ := json.Marshal(gameEvent{Version: 1, Moves: len(pl.rec.Moves), Phase: "over"})
	s.want("game", string(v))
	s.want("end", string(v))
	if _, _, ok := s.next(); ok {
		t.Error("the stream goes on")
	}
	if res := get(t, h, "/g/challengepage________A/events"); res.StatusCode != http.StatusNotFound {
		t.Errorf("a challenge's events: %s", res.Status)
	}
}

// An open stream renews its viewer every WatchEvery, so the count holds
// across processes as long as the page is open.
func TestEventsHeartbeat(t *testing.T) {
	spy := &watchSpy{watched: make(chan string), stop: make(chan struct{})}
	f, _, _ := finishedKalah(t, Config{})
	spy.DB = f.db
	h := New(Config{Store: spy, Poll: time.Hour, WatchEvery: time.Millisecond}).Handler()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(spy.stop) })
	s := open(t, srv.URL+"/g/livepage_____________A/events")
	first := <-spy.watched
	for range 3 {
		if v := <-spy.watched; v != first {
			t.Fatalf("viewer %q renewed as %q", first, v)
		}
	}
	s.res.Body.Close()
}

// Past MaxStreams, a stream is refused with 503 and Retry-After.
func TestEventsMaxStreams(t *testing.T) {
	_, _, h := finishedKalah(t, Config{Poll: time.Hour, WatchEvery: time.Hour, MaxStreams: 1})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	s := open(t, srv.URL+"/g/livepage_____________A/events")
	s.want("game", `{"version":1,"moves":6,"phase":"playing"}`)
	res, err := http.Get(srv.URL + "/g/livepage_____________A/events")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Errorf("second stream: %s, Retry-After %q", res.Status, res.Header.Get("Retry-After"))
	}
}

// A stream outlives the HTTP server's timeouts: the write timeout (which
// it replaces by a deadline per event; without, this test fails) and the
// read timeout (which net/http lifts once the request is read). Five
// heartbeats 30 ms apart take longer than both timeouts (20 ms), and the
// stream still delivers the next move.
func TestEventsOutliveServerTimeouts(t *testing.T) {
	spy := &watchSpy{watched: make(chan string), stop: make(chan struct{})}
	f, _, _ := finishedKalah(t, Config{})
	spy.DB = f.db
	srv := httptest.NewUnstartedServer(New(Config{Store: spy, Poll: 5 * time.Millisecond, WatchEvery: 30 * time.Millisecond}).Handler())
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = 20*time.Millisecond, 20*time.Millisecond
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(spy.stop) })
	s := open(t, srv.URL+"/g/"+pageID("livepage")+"/events")
	for range 5 {
		<-spy.watched
	}
	s.want("game", `{"version":1,"moves":6,"phase":"playing"}`)
	s.want("watchers", `{"count":1,"text":"1 spectator"}`)
	live := f.game(t, "livepage")
	live.Moves = append(live.Moves, store.Move{Ply: 6, Move: nextMove(t, live), At: t0})
	f.update(t, live)
	s.want("game", `{"version":2,"moves":7,"phase":"playing"}`)
}
