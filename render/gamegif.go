package render

import (
	"bytes"
	"errors"
	"fmt"
	"image/gif"
	"io"

	"github.com/mancala-bot/mancala/engine"
)

// MaxGameFrames caps the frames of [GameGIF]: the longest game's GIF has
// at most this many.
const MaxGameFrames = 300

// MaxGameGIFBytes bounds the size of [GameGIF]'s output: a GIF that would
// be larger is made again with fewer frames until it fits.
const MaxGameGIFBytes = 4 << 20

// Frame delays of a whole game, in hundredths of a second: faster than a
// single move's [Animation], since a game has dozens of moves.
const (
	gameDelayStart   = 150 // the start position
	gameDelayPly     = 80  // the position after a move
	gameDelaySow     = 10  // a seed dropped
	gameDelayPickup  = 25
	gameDelayAction  = 45 // a relay, capture, tuzdyk, swap
	gameDelaySweep   = 20
	gameDelayLastGIF = 500 // the final position, held
)

// ErrGameGIF is wrapped by [GameGIF]'s error when its arguments do not
// describe a game.
var ErrGameGIF = errors.New("render: not a game")

// GameGIF writes a whole game as one looping animated GIF. positions[0] is
// the start, positions[i+1] the position after move i, and events[i] that
// move's events (from [engine.Game.Play], [engine.Position.PlayEvents] or
// [engine.Position.Leave]), so len(positions) must be len(events)+1, else
// the error wraps [ErrGameGIF] and nothing is written.
//
// The frames come from the renderer that draws [Board] and [Animation]:
//
//   - frame 0 is positions[0] as Board draws it (no move marked), held
//     1.5 s;
//   - when every move's sowing fits in [MaxGameFrames] (1 + the sum over
//     the moves of the frames [Animation] draws after its first, each
//     move capped as there), every move is animated seed by seed as
//     Animation does, faster (a seed 0.1 s), and ends on the position
//     after it exactly as Board draws it with the move's events, held
//     0.8 s;
//   - otherwise only positions are shown: one frame per move, the
//     position after it as Board draws it with its events (the move and
//     its captures marked), 0.8 s each; when the game has more than
//     MaxGameFrames-1 moves, every k-th move is shown (k the smallest
//     that fits) and always the last;
//   - the last frame is the final position, with o.Status (a resignation,
//     a time claim) applied to it only, held 5 s.
//
// Options are as for Board: Scale (0: [DefaultAnimationScale]), Names,
// Seats, SeatLabels and Viewer apply to every frame; Events is ignored.
// The frames share one palette of 64 colours, and each frame after the
// first holds only the rectangle that changed (see Animation). The output
// is at most [MaxGameGIFBytes]: past it, the GIF is made again with half
// the frames, positions only, until it fits (a board alone is far
// smaller). At the default scale, random games measured by
// BenchmarkGameGIF: a 32-move Kalah game animated seed by seed (173
// frames) is 0.58 MB, positions only a 93-move Oware game 0.99 MB, a
// 119-move Togyz Kumalak game 1.2 MB and a 46-move Bao game 0.86 MB, each
// made in 0.7 to 1.1 s on one core; at about 10 KB a frame the longest
// game's 300 frames stay under the bound.
func GameGIF(w io.Writer, positions []engine.Position, events [][]engine.Event, o Options) error {
	return gameGIF(w, positions, events, o, MaxGameFrames, MaxGameGIFBytes)
}

// gameGIF is GameGIF with its limits as arguments (tests use small ones).
func gameGIF(w io.Writer, positions []engine.Position, events [][]engine.Event, o Options, maxFrames, maxBytes int) error {
	if len(positions) == 0 || len(positions) != len(events)+1 {
		return fmt.Errorf("%w: %d positions for %d moves", ErrGameGIF, len(positions), len(events))
	}
	if o.Scale == 0 {
		o.Scale = DefaultAnimationScale
	}
	o.Events = nil
	animate := gameFrames(positions, events) <= maxFrames
	var buf bytes.Buffer
	for {
		g := drawGame(positions, events, o, animate, maxFrames)
		buf.Reset()
		if err := gif.EncodeAll(&buf, g); err != nil {
			return err
		}
		if buf.Len() <= maxBytes || maxFrames <= 2 {
			break
		}
		animate, maxFrames = false, maxFrames/2
	}
	if buf.Len() > maxBytes {
		return fmt.Errorf("render: a game's GIF of 2 frames takes %d bytes, over %d", buf.Len(), maxBytes)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// gameFrames is the number of frames of a game animated move by move: the
// start, then for each move the frames Animation draws after its first.
func gameFrames(positions []engine.Position, events [][]engine.Event) int {
	n := 1
	for i, ev := range events {
		n += len(frameSteps(len(animSteps(positions[i].Rules().Layout(), ev))))
	}
	return n
}

// drawGame draws the frames of a game (see GameGIF): animated move by
// move, or positions only, at most maxFrames of them.
func drawGame(positions []engine.Position, events [][]engine.Event, o Options, animate bool, maxFrames int) *gif.GIF {
	start := positions[0]
	g := geomFor(layoutFor(start.Rules().Layout(), o), o.Scale, o.named())
	q := newFrameQuantizer(g.w, g.h)
	still := o
	still.Status = engine.Ongoing

	// board draws position i (0: the start) as Board does, marked with
	// the events of the move that led to it.
	board := func(i int) {
		so := still
		if i == len(positions)-1 {
			so = o
		}
		var ev []engine.Event
		if i > 0 {
			ev = events[i-1]
		}
		drawMarked(q.canvas(), g, stateOf(positions[i], g, so), collectMarks(g, ev), o.Names)
		q.add()
	}

	board(0)
	delays := []int{gameDelayStart}
	if len(events) == 0 {
		delays[0] = gameDelayLastGIF
		return q.gif(delays)
	}
	if !animate {
		for _, i := range strided(len(events), maxFrames-1) {
			board(i + 1)
			delays = append(delays, gameDelayPly)
		}
		delays[len(delays)-1] = gameDelayLastGIF
		return q.gif(delays)
	}
	for i, ev := range events {
		before := positions[i]
		steps := animSteps(before.Rules().Layout(), ev)
		rp := &replayer{g: g, s: *stateOf(before, g, still), mover: before.ToMove()}
		next := 0
		for _, k := range frameSteps(len(steps)) {
			if k == len(steps)-1 {
				break // the position after, drawn below
			}
			st := steps[k]
			for ; next < st.upto; next++ {
				rp.apply(ev[next])
			}
			m := collectMarks(g, ev[:st.upto])
			m.step = st.cell
			s := rp.s
			drawMarked(q.canvas(), g, &s, m, o.Names)
			q.add()
			delays = append(delays, gameStepDelay(st.kind))
		}
		board(i + 1)
		delays = append(delays, gameDelayPly)
	}
	delays[len(delays)-1] = gameDelayLastGIF
	return q.gif(delays)
}

func gameStepDelay(k engine.EventKind) int {
	switch k {
	case engine.EventPickup:
		return gameDelayPickup
	case engine.EventRelay, engine.EventCapture, engine.EventTuzdyk, engine.EventSwap:
		return gameDelayAction
	case engine.EventSweep:
		return gameDelaySweep
	}
	return gameDelaySow
}
