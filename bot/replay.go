package bot

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// replay answers "replay" and the ▶ button under a board: an animated GIF
// of the last move of a game, seed by seed with its captures marked
// (render.Animation), captioned with who played what. The typed command
// shows the channel's game in progress, else (no game, or only a
// challenge) its last finished one; the button shows the game it belongs
// to, whatever its version, as long as that game is of this channel.
// Nothing changes: the game is only read. The GIF is drawn here, on
// demand, never ahead of time. Only the last move is shown, not the whole
// turn of a player who had extra turns. A game without a move yet is
// refused with err_no_move_yet.
func (s *session) replay(d *buttonData) ([]Reply, error) {
	rec, err := s.replayGame(d)
	if err != nil {
		return nil, err
	}
	if len(rec.Moves) == 0 {
		return nil, refuse("err_no_move_yet", nil)
	}
	if _, left := parseLeave(rec.Moves[len(rec.Moves)-1].Move); left {
		return nil, refuse("err_replay_left", nil) // a seat left: nothing to animate
	}
	lm, err := lastMove(rec)
	if err != nil {
		return nil, err
	}
	var gif bytes.Buffer
	if err := s.timed(RenderAnimation, func() error {
		return render.Animation(&gif, lm.before, lm.events, render.Options{})
	}); err != nil {
		return nil, fmt.Errorf("game %d: animating the last move: %w", rec.ID, err)
	}
	s.atTable(rec)
	mover := s.name(rec.Players[seatOf(lm.before, lm.before.ToMove())])
	if rec.Players[seatOf(lm.before, lm.before.ToMove())].IsBot() {
		mover = s.botMover(lm.game, lm.events) // "Bot (West)" at a table
	}
	text := s.t("replay_caption", map[string]any{
		"Move": s.describeMove(lm.game, mover, lm.move.String(), lm.events, lm.before, lm.game.game.Position()),
	})
	if rec.Phase == store.PhaseOver {
		if line := s.turnLine(lm.game); line != "" {
			text += "\n" + line
		}
	}
	return []Reply{{Text: text, Animation: gif.Bytes()}}, nil
}

// replayGame finds the game to replay: the button's (refused as stale when
// it is unknown or of another channel), else the channel's live game
// unless it is a challenge, else the channel's last finished game.
func (s *session) replayGame(d *buttonData) (*store.Game, error) {
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
		return rec, nil
	}
	rec, err := s.b.cfg.Store.LiveGame(s.ctx, s.req.Platform, s.req.Channel)
	if err == nil && rec.Phase != store.PhaseChallenge {
		return rec, nil
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	last, lerr := s.b.cfg.Store.LastGame(s.ctx, s.req.Platform, s.req.Channel)
	switch {
	case lerr == nil:
		return last, nil
	case !errors.Is(lerr, store.ErrNotFound):
		return nil, lerr
	case rec != nil:
		return rec, nil // a challenge: no move yet
	}
	return nil, refuse("err_no_game", nil)
}

// playedMove is a game's last move, replayed.
type playedMove struct {
	// game is the whole game, after the move.
	game   *loaded
	before engine.Position
	move   engine.Move
	// events are the move's events, the end of the game included (a
	// repetition ending an Oware game too).
	events []engine.Event
}

// lastMove replays rec, which has at least one move, keeping the events
// of its last move.
func lastMove(rec *store.Game) (playedMove, error) {
	n := len(rec.Moves)
	head := *rec
	head.Moves = rec.Moves[:n-1]
	lg, err := load(&head)
	if err != nil {
		return playedMove{}, err
	}
	last := rec.Moves[n-1]
	m, err := engine.ParseMove(last.Move)
	if err != nil {
		return playedMove{}, damaged(rec, "move", last.Ply, err)
	}
	before := lg.game.Position()
	ev, err := lg.game.Play(m)
	if err != nil {
		return playedMove{}, damaged(rec, "move", last.Ply, err)
	}
	lg.rec = rec
	return playedMove{game: lg, before: before, move: m, events: ev}, nil
}

// replayButton is the ▶ button that replays the last move of a game, or
// nil when the game has no move yet.
func replayButton(rec *store.Game) []Button {
	if len(rec.Moves) == 0 {
		return nil
	}
	if _, left := parseLeave(rec.Moves[len(rec.Moves)-1].Move); left {
		return nil
	}
	d := buttonData{action: actionReplay, gameID: rec.ID, version: rec.Version}
	return []Button{{Label: "▶", Data: d.String()}}
}
