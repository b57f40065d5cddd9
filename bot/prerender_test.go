package bot_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// drawLog is a Config.Render that draws real boards and records each call.
type drawLog struct {
	mu      sync.Mutex
	calls   []drawCall
	started chan struct{} // receives (without blocking) when a drawing starts
	// hold, when set, is waited for before each drawing ends.
	hold     chan struct{}
	finished atomic.Int32
}

type drawCall struct {
	p   engine.Position
	o   render.Options
	png []byte
}

func newDrawLog() *drawLog { return &drawLog{started: make(chan struct{}, 1)} }

func (d *drawLog) render(p engine.Position, o render.Options) ([]byte, error) {
	select {
	case d.started <- struct{}{}:
	default:
	}
	defer d.finished.Add(1)
	if d.hold != nil {
		<-d.hold
	}
	png, err := renderPNG(p, o)
	d.mu.Lock()
	d.calls = append(d.calls, drawCall{p, o, png})
	d.mu.Unlock()
	return png, err
}

func (d *drawLog) take() []drawCall {
	d.mu.Lock()
	defer d.mu.Unlock()
	c := d.calls
	d.calls = nil
	return c
}

// gatedStore is a store whose game updates, once armed, wait until a board
// has started to be drawn, then fail with fail (when set).
type gatedStore struct {
	store.Store
	d     *drawLog
	armed atomic.Bool
	fail  error
	// failed is closed when an armed update returned.
	failed chan struct{}
}

func (s *gatedStore) UpdateGame(ctx context.Context, g *store.Game) error {
	if !s.armed.Load() {
		return s.Store.UpdateGame(ctx, g)
	}
	select {
	case <-s.d.started:
	case <-time.After(2 * time.Minute): // a hang, not a timing
		return errors.New("the board was not being drawn while the move committed")
	}
	if s.fail != nil {
		defer close(s.failed)
		return s.fail
	}
	return s.Store.UpdateGame(ctx, g)
}

// pressMove presses the button of pit in r as user.
func pressMove(t *testing.T, b *bot.Bot, user, data string) []bot.Reply {
	t.Helper()
	return b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Button: data,
		User: bot.User{ID: user, Name: user, Mention: "@" + user}})
}

// TestBoardDrawnWhileTheMoveCommits: a move's board is drawn while the
// store commits the move (the store's update waits for the drawing to have
// started), once, and the reply shows it: the position after the move with
// the move's events.
func TestBoardDrawnWhileTheMoveCommits(t *testing.T) {
	h := newHarness(t, nil)
	d := newDrawLog()
	gs := &gatedStore{Store: h.db, d: d}
	b := bot.New(bot.Config{Store: gs, Render: d.render})
	say := func(user, text string) bot.Reply {
		return one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}}))
	}
	say("alice", "/new kalah @bob")
	r := say("bob", "/accept")
	d.take()
	<-d.started // the accepted board's drawing
	gs.armed.Store(true)
	r = one(t, pressMove(t, b, "alice", buttonFor(t, r, "3"))) // S4..S6 and the store: alice again
	calls := d.take()
	if len(calls) != 1 {
		t.Fatalf("%d drawings for one move, want 1", len(calls))
	}
	want, ev, err := engine.MustNew("kalah", nil).Start().PlayEvents(engine.Move{Pit: 3})
	if err != nil {
		t.Fatal(err)
	}
	c := calls[0]
	if c.p.Key() != want.Key() || !slices.Equal(c.o.Events, ev) || c.o.Names != [2]string{"@alice", "@bob"} {
		t.Errorf("drew %v with %+v, want %v with the move's events %v", c.p, c.o, want, ev)
	}
	if r.Board == nil || !bytes.Equal(r.Board.PNG, c.png) {
		t.Errorf("the reply does not show the board drawn")
	}
	if fresh, _ := renderPNG(want, c.o); !bytes.Equal(c.png, fresh) {
		t.Errorf("the board drawn differs from one drawn afresh")
	}
}

// TestBotMoveBoardDrawnOnce: against the bot, a person's move is not drawn
// (the bot's answer is shown); the bot's move is, once, and shown.
func TestBotMoveBoardDrawnOnce(t *testing.T) {
	h := newHarness(t, firstMove{})
	d := newDrawLog()
	b := bot.New(bot.Config{Store: h.db, Opponent: firstMove{}, Render: d.render})
	one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "/new kalah bot one",
		User: bot.User{ID: "alice", Name: "alice"}}))
	d.take()
	r := one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: "1",
		User: bot.User{ID: "alice", Name: "alice"}}))
	calls := d.take()
	if len(calls) != 1 {
		t.Fatalf("%d drawings for a move and the bot's answer, want 1", len(calls))
	}
	rules := engine.MustNew("kalah", nil)
	p, err := rules.Start().Play(engine.Move{Pit: 1})
	if err != nil {
		t.Fatal(err)
	}
	want, ev, err := p.PlayEvents(engine.Move{Pit: 1}) // firstMove: North's pit 1
	if err != nil {
		t.Fatal(err)
	}
	if c := calls[0]; c.p.Key() != want.Key() || !slices.Equal(c.o.Events, ev) {
		t.Errorf("drew %v with %v, want the bot's move: %v with %v", c.p, c.o.Events, want, ev)
	}
	if r.Board == nil || !bytes.Equal(r.Board.PNG, calls[0].png) {
		t.Errorf("the reply does not show the board drawn")
	}
}

// TestFailedCommitDropsTheBoard: when the move cannot be committed, the
// board being drawn is not shown, and its drawing has ended when Handle
// returns (no goroutine outlives the request).
func TestFailedCommitDropsTheBoard(t *testing.T) {
	h := newHarness(t, nil)
	d := newDrawLog()
	gs := &gatedStore{Store: h.db, d: d, fail: errors.New("disk on fire"), failed: make(chan struct{})}
	b := bot.New(bot.Config{Store: gs, Render: d.render})
	say := func(user, text string) bot.Reply {
		return one(t, b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}}))
	}
	say("alice", "/new kalah @bob")
	r := say("bob", "/accept")
	<-d.started
	before := h.live()
	gs.armed.Store(true)
	d.hold = gs.failed // the drawing ends only after the commit failed
	n := d.finished.Load()
	r = one(t, pressMove(t, b, "alice", buttonFor(t, r, "3")))
	if got := d.finished.Load(); got != n+1 {
		t.Errorf("%d drawings ended by the time Handle returned, want 1", got-n)
	}
	if !r.Private || r.Board != nil {
		t.Errorf("a move that could not be saved: %+v", r)
	}
	if g := h.live(); len(g.Moves) != len(before.Moves) || g.Version != before.Version {
		t.Errorf("the game changed: %d moves, version %d", len(g.Moves), g.Version)
	}
}

// TestRenderPanicReachesTheRequest: a drawing that panics on its own
// goroutine panics the request's goroutine, as one drawn there would, for
// the adapters' recovery.
func TestRenderPanicReachesTheRequest(t *testing.T) {
	h := newHarness(t, nil)
	armed := atomic.Bool{}
	b := bot.New(bot.Config{Store: h.db, Render: func(p engine.Position, o render.Options) ([]byte, error) {
		if armed.Load() {
			panic("drawing broke")
		}
		return renderPNG(p, o)
	}})
	say := func(user, text string) []bot.Reply {
		return b.Handle(context.Background(), bot.Request{Platform: "test", Channel: "c1", Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}})
	}
	say("alice", "/new kalah @bob")
	say("bob", "/accept")
	armed.Store(true)
	defer func() {
		if p := recover(); p != "drawing broke" {
			t.Errorf("recovered %v, want the drawing's panic", p)
		}
	}()
	say("alice", "3")
	t.Error("Handle returned")
}
