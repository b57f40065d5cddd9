package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/boardview"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/graph"
	"github.com/mancala-bot/mancala/store"
)

// The post-game review ("review", and the 📈 button under a finished
// board): an evaluation graph of the whole game (render.Graph) and its
// turning points in words, from review.Game.
//
// A review already stored (see below) is the reply at once. Otherwise a
// review takes up to Config.ReviewTime (10 s by default), so it runs in
// the background when Config.Deliver is set: Handle answers at once that
// the analysis has begun (review_started, public), and the result comes
// later as an Outgoing message to the channel through Deliver. Without
// Deliver (the tests, a caller with no way to send later) the review runs
// within Handle, whose reply is then the result. A review is a search of
// the search pool (see searchpool.go): it waits for a worker, fairly with
// the other users' reviews and the bot's moves, and its time counts from
// when it has one. A second user's review is queued, never refused.
//
// A game's review is the same whenever it is asked for (a finished game
// does not change, and the search is to a fixed depth): a complete review
// is computed once and stored (review/stored: by game and number of moves,
// encoded by review.Encode), and asking again, in any language, in any
// process sharing the database, or on the game's page, reads it; two
// requests for the same game at once, in one process, share one
// computation. A review cut by ReviewTime is shown and not stored, so
// that the next request can complete it. There is no cache in memory in
// front of the store: reading a stored review is a row and a replay of the
// moves, far below the cost of a message.
//
// Who may ask: anyone in the channel, for the channel's last finished game
// (while a game is in play, the last one that ended before it) or, with
// the button, for the game under which it is. Refusals: no finished game
// (err_review_no_game; err_review_in_play when the only game is still
// being played), a game without a move (err_review_no_moves), a table of
// four (err_review_seats: the search judges one seat against all the
// others together, which says little about one seat's mistakes). The
// texts are in the requester's language.

// actionReview is the review button under a finished board: "w:42:17".
// It changes nothing, so it works at any version of its game.
const actionReview = "w"

// defaultReviewTime is Config.ReviewTime's default.
const defaultReviewTime = 10 * time.Second

// review answers "review" (d nil) and the review button.
func (s *session) review(d *buttonData) ([]Reply, error) {
	rec, err := s.reviewGame(d)
	if err != nil {
		return nil, err
	}
	if len(rec.Players) != 2 {
		return nil, refuse("err_review_seats", nil)
	}
	if len(rec.Moves) == 0 {
		if rec.Result == "" { // a challenge declined or withdrawn: no game at all
			return nil, refuse("err_review_no_game", nil)
		}
		return nil, refuse("err_review_no_moves", nil)
	}
	lg, err := load(rec)
	if err != nil {
		return nil, err
	}
	if lg.rules.Layout().Sides != 2 {
		return nil, refuse("err_review_seats", nil)
	}
	b := s.b
	// A stored review is the answer at once, with or without Deliver.
	if rv, err := b.reviews.keeper.Stored(s.ctx, rec); err == nil {
		r, err := s.reviewShown(lg, rv)
		if err != nil {
			return nil, err
		}
		return []Reply{r}, nil
	}
	if b.cfg.Deliver == nil {
		r, err := s.reviewReply(s.ctx, lg)
		if err != nil {
			return nil, err
		}
		return []Reply{r}, nil
	}
	// The request's context may end with the request: the review gets its
	// own, which Stop may cancel (the review is then sent as it stands).
	ctx, done := b.background()
	started := s.t("review_started", map[string]any{"Count": int(b.cfg.ReviewTime.Round(time.Second) / time.Second)})
	go func() {
		defer done()
		bs := *s
		bs.ctx = ctx
		r, err := bs.reviewReply(ctx, lg)
		if err != nil {
			b.log.ErrorContext(ctx, "review failed", "game", rec.ID, "err", err)
			r = Reply{Text: bs.t("err_internal", nil)}
		}
		// The delivery has its own bound: the review may have used all of
		// its time.
		dctx, dcancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer dcancel()
		b.cfg.Deliver(dctx, Outgoing{Platform: rec.Platform, Channel: rec.Channel, Reply: r, Quiet: true})
	}()
	return []Reply{{Text: started}}, nil
}

// reviewGame finds the game to review: the button's (refused as stale when
// it is unknown or of another channel, and refused while still in play),
// else the channel's last finished game.
func (s *session) reviewGame(d *buttonData) (*store.Game, error) {
	if d != nil {
		rec, err := s.b.cfg.Store.Game(s.ctx, d.gameID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, errStale
		}
		if err != nil {
			return nil, err
		}
		if rec.Platform != s.req.Platform || rec.Channel != s.req.Channel {
			return nil, errStale
		}
		if rec.Phase != store.PhaseOver {
			return nil, refuse("err_review_in_play", nil)
		}
		return rec, nil
	}
	last, err := s.b.cfg.Store.LastGame(s.ctx, s.req.Platform, s.req.Channel)
	if err == nil {
		return last, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	live, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	switch {
	case err == nil && live.Phase != store.PhaseChallenge:
		return nil, refuse("err_review_in_play", nil)
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return nil, err
	}
	return nil, refuse("err_review_no_game", nil)
}

// reviewReply reviews lg within ctx and writes the result: the graph, and
// the turning points in the session's language.
func (s *session) reviewReply(ctx context.Context, lg *loaded) (Reply, error) {
	rec := lg.rec
	start := lg.game.Start()
	moves := lg.game.Moves()
	rv, err := s.b.reviewOf(ctx, s.searchKey(), rec, func(ctx context.Context) (*review.Review, error) {
		return review.Game(ctx, start, moves, review.Options{Depth: s.b.cfg.ReviewDepth})
	})
	if err != nil {
		return Reply{}, fmt.Errorf("game %d: review: %w", rec.ID, err)
	}
	return s.reviewShown(lg, rv)
}

// reviewShown writes rv, lg's review: the graph, and the turning points in
// the session's language.
func (s *session) reviewShown(lg *loaded, rv *review.Review) (Reply, error) {
	rec := lg.rec
	var png bytes.Buffer
	if err := s.timed(RenderBoard, func() error { return render.Graph(&png, graph.Of(rv)) }); err != nil {
		return Reply{}, fmt.Errorf("game %d: review graph: %w", rec.ID, err)
	}
	return Reply{
		Text:  s.reviewText(lg, rv),
		Board: &Board{GameID: rec.ID, Version: rec.Version, PNG: png.Bytes(), Text: reviewSparkline(rv)},
	}, nil
}

// reviewText is the review in words: whose game, how to read the graph,
// the turning points (in the order they were played), and a note when the
// time ran out (then a game without turning points is not called clean:
// some moves were not judged).
func (s *session) reviewText(lg *loaded, rv *review.Review) string {
	end := lg.game.Position()
	south, north := lg.rec.Players[seatOf(end, engine.South)], lg.rec.Players[seatOf(end, engine.North)]
	lines := []string{
		s.t("review_title", map[string]any{"Variant": locales.VariantName(s.lang, lg.rec.Variant),
			"South": s.name(south), "North": s.nameAgainst(north), "Plies": len(rv.Plies)}),
		s.t("review_graph", map[string]any{"Depth": reviewDepth(rv, s.b.cfg.ReviewDepth)}),
	}
	switch {
	case len(rv.Turning) == 0 && rv.Complete:
		lines = append(lines, s.t("review_no_turning", nil))
	case len(rv.Turning) > 0:
		lines = append(lines, s.t("review_turning", nil))
		tps := append([]review.TurningPoint(nil), rv.Turning...)
		for i := 1; i < len(tps); i++ { // in the order played
			for j := i; j > 0 && tps[j].Index < tps[j-1].Index; j-- {
				tps[j], tps[j-1] = tps[j-1], tps[j]
			}
		}
		for _, tp := range tps {
			lines = append(lines, s.turningLine(lg, rv, tp))
		}
	}
	if !rv.Complete {
		lines = append(lines, s.t("review_incomplete", nil))
	}
	return strings.Join(lines, "\n")
}

// turningLine writes one turning point: "• Move 7, Alice: pit 4, expected
// margin −2 instead of +4 with the best move. After it, Bob captures 9
// seeds with pit 2. Pit 3 was better: it would have taken 6 seeds on the
// next turn." What each move led to comes from the principal variations
// of the played and the better move (review.Effect): the opponent's turn
// after it, and the mover's next turn.
func (s *session) turningLine(lg *loaded, rv *review.Review, tp review.TurningPoint) string {
	pl := rv.Plies[tp.Index]
	l := lg.rules.Layout()
	player := lg.rec.Players[seatOf(pl.Before, pl.Mover)]
	opponent := lg.rec.Players[1-seatOf(pl.Before, pl.Mover)]
	pit := func(m engine.Move) string { return boardview.PitLabel(l, pl.Mover, m) }
	theirPit := func(m engine.Move) string { return boardview.PitLabel(l, 1-pl.Mover, m) }
	key := "review_point"
	if tp.Played.Move.Kind == engine.Swap { // the pie rule's ⇄
		key = "review_point_swap"
	}
	// The values are final margins (the mover's score minus the
	// opponent's), clamped by the review to what the position still
	// allows: both ends are shown, not their difference in "seeds" (from
	// +48 to −48 is a loss of 48 seeds, not 96).
	played, best := tp.MarginPlayed, tp.MarginBest
	if best <= played { // a review from before the clamp
		best = played + 1
	}
	parts := []string{s.t(key, map[string]any{"Ply": tp.Index + 1, "Player": s.name(player),
		"Pit": pit(tp.Played.Move), "MarginPlayed": signed(played), "MarginBest": signed(best)})}
	p, b := tp.Played, tp.Better
	switch {
	case p.ReplyCaptured > b.ReplyCaptured:
		parts = append(parts, s.t("review_gave_capture", map[string]any{"Count": p.ReplyCaptured,
			"Opponent": s.name(opponent), "Pit": theirPit(p.ReplyPit)}))
	case p.ReplyExtraTurn && !b.ReplyExtraTurn:
		parts = append(parts, s.t("review_gave_turn", map[string]any{"Opponent": s.name(opponent)}))
	}
	args := map[string]any{"Pit": pit(b.Move), "Count": b.Captured}
	switch {
	case b.Move.Kind == engine.Swap:
		parts = append(parts, s.t("review_better_swap", nil))
	case b.ExtraTurn && b.Captured > p.Captured:
		parts = append(parts, s.t("review_better_capture_turn", args))
	case b.ExtraTurn && !p.ExtraTurn:
		parts = append(parts, s.t("review_better_turn", args))
	case b.Captured > p.Captured:
		parts = append(parts, s.t("review_better_capture", args))
	case b.NextCaptured > p.NextCaptured:
		parts = append(parts, s.t("review_better_next_capture", map[string]any{"Pit": pit(b.Move), "Count": b.NextCaptured}))
	case p.ReplyCaptured > 0 && b.ReplyCaptured == 0 && !b.Ends:
		parts = append(parts, s.t("review_better_safe", args))
	default:
		parts = append(parts, s.t("review_better", args))
	}
	return strings.Join(parts, " ")
}

// reviewDepth is the depth rv was searched at: a stored review's own (the
// configuration may have changed since), else configured.
func reviewDepth(rv *review.Review, configured int) int {
	if rv.Depth > 0 {
		return rv.Depth
	}
	return configured
}

// reviewSparkline is the graph in characters, for the terminal: one block
// per ply, its height the evaluation for South (clamped to ±8 seeds).
func reviewSparkline(rv *review.Review) string {
	blocks := []rune("▁▂▃▄▅▆▇█")
	var b strings.Builder
	for _, e := range rv.Evals[1:] {
		v := max(-8, min(8, e.South))
		b.WriteRune(blocks[int(math.Round((v+8)/16*7))])
	}
	return b.String() + "\n"
}

// reviewButton is the review button under a finished board of two seats,
// or nil.
func reviewButton(s *session, rec *store.Game) []Button {
	if len(rec.Players) != 2 || len(rec.Moves) == 0 || rec.Phase != store.PhaseOver {
		return nil
	}
	d := buttonData{action: actionReview, gameID: rec.ID, version: rec.Version}
	return []Button{{Label: "📈 " + s.t("btn_review", nil), Data: d.String()}}
}

// signed writes a margin with its sign: "+4", "−4" (a minus sign), "0".
func signed(n int) string {
	switch {
	case n > 0:
		return fmt.Sprintf("+%d", n)
	case n < 0:
		return fmt.Sprintf("−%d", -n)
	}
	return "0"
}
