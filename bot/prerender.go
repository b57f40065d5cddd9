package bot

import (
	"slices"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// A move's board is drawn while the store commits the move.
//
// The image of a board depends only on the position and the render
// options, both known once a mutation's function has played the move,
// before the store writes it. Drawing takes longer than the commit and
// the machine has a second core, so a move's reply comes sooner when the
// drawing starts then, on a goroutine of its own (prerender), and
// boardReply waits for it instead of drawing.

// prerendered is a board being drawn (or drawn) for a reply.
type prerendered struct {
	lg   *loaded        // the game it was drawn for
	key  engine.Key     // the position drawn
	opts render.Options // as drawn
	done chan struct{}  // closed when png, err, took and panicked are set
	png  []byte
	err  error
	took time.Duration
	// panicked is what Config.Render panicked with, if it did; the request's
	// goroutine panics with it again when it waits (see wait), as it would
	// have had it drawn the board itself.
	panicked any
}

// prerender starts drawing the board that boardReply(g, …, events, …) will
// show: g's position with s.renderOptions(g, events), where events are
// those boardReply gets (the last move's). A mutation's function calls it
// once the move is played, so that the drawing overlaps the commit.
//
// The contract:
//   - boardReply uses the image only when it shows the same game (the
//     same *loaded, g) at the same position with the same render options;
//     otherwise it draws afresh and drops this image;
//   - when the commit fails the image is dropped: a retried mutation
//     prerenders again (replacing it), a failed one shows no board;
//   - at most one drawing per session is under way: prerender first waits
//     for the previous one; and whoever makes a session that can move
//     (Handle, tickGame) waits for the last before returning
//     (waitPrerender), so no goroutine outlives its request.
//
// It does nothing without Config.Render.
func (s *session) prerender(g *loaded, events []engine.Event) {
	draw := s.b.cfg.Render
	if draw == nil {
		return
	}
	s.waitPrerender()
	p := g.game.Position()
	pr := &prerendered{lg: g, key: p.Key(), opts: s.renderOptions(g, events), done: make(chan struct{})}
	s.pre = pr
	go func() {
		defer close(pr.done)
		defer func() { pr.panicked = recover() }()
		t0 := time.Now()
		pr.png, pr.err = draw(p, pr.opts)
		pr.took = time.Since(t0)
	}()
}

// takePrerendered returns the image prerendered for lg's position with
// options o, waiting for it, with its error and how long the drawing took;
// ok is false when there is none (nothing was prerendered, or for another
// position or options: that one is dropped). Either way the session has no
// prerendered board afterwards.
func (s *session) takePrerendered(lg *loaded, o render.Options) (png []byte, took time.Duration, err error, ok bool) {
	pr := s.pre
	if pr == nil {
		return nil, 0, nil, false
	}
	s.waitPrerender()
	if pr.lg != lg || pr.key != lg.game.Position().Key() || !sameOptions(pr.opts, o) {
		return nil, 0, nil, false
	}
	return pr.png, pr.took, pr.err, true
}

// waitPrerender waits for the session's prerendered board, if any, and
// drops it. It panics with Config.Render's panic if the drawing panicked.
func (s *session) waitPrerender() {
	pr := s.pre
	if pr == nil {
		return
	}
	s.pre = nil
	<-pr.done
	if pr.panicked != nil {
		panic(pr.panicked)
	}
}

// prerenderShown prerenders g's board when it is the board the reply will
// show, that is, unless the bot moves next (its move is then shown); a
// move's mutation calls it last, with the move's events.
func (s *session) prerenderShown(g *loaded, events []engine.Event) {
	if g.rec.Phase == store.PhasePlaying && s.botToMove(g) {
		return
	}
	s.prerender(g, events)
}

// sameOptions reports whether a and b draw the same board.
func sameOptions(a, b render.Options) bool {
	return slices.Equal(a.Events, b.Events) && a.Scale == b.Scale && a.Names == b.Names &&
		a.Seats == b.Seats && a.SeatLabels == b.SeatLabels && a.Viewer == b.Viewer && a.Status == b.Status
}
