package oware

import (
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// Probe returns the proven bounds of board b's value (see DB): lo <= v
// <= hi, where v is what the side to move gains over the opponent from
// the seeds on the board with perfect play, lo == hi when the value is
// exact. It is meant for a search's every node: it does not allocate,
// takes no lock, and costs a sum of the seeds, a rank (twelve table
// reads) and two reads of the database, the latter a cache miss in a
// large database (see BenchmarkProbe).
//
// It covers every board b with at most MaxSeeds seeds in its twelve
// pits, b.My the side to move's pits 1..6 in bytes 0..5 and b.Opp the
// opponent's (BoardOf), bytes 6 and 7 of both zero. ok is false when b
// holds more seeds. A board on which the game is over (Slam.Moves is 0:
// the side to move has no seeds, or no move feeds an opponent without
// any) holds the end's value, each side taking the seeds on its own side.
//
// The bounds are for the database's grand-slam rule (db.Slam) and count
// play to the end of the board, the majority rule left out (see DB). What
// they mean inside a game with a history, under each repetition rule, is
// in the package documentation: TrustedAfter tells whether a probe may be
// trusted there.
func (db *DB) Probe(b kalah.Board) (lo, hi int8, ok bool) {
	if b.Seeds() > db.MaxSeeds {
		return 0, 0, false
	}
	i := Geom.Rank(b)
	return db.Lo[i], db.Hi[i], true
}

// ProbePosition is Probe for an engine position: the bounds of the final
// store margin of the side to move (its store minus the opponent's, plus
// the board's bounds). p's rules must be Oware with the database's
// grand-slam rule (Params), which it does not check; ok is false when
// more than MaxSeeds seeds are in the pits. It does not allocate.
func (db *DB) ProbePosition(p *engine.Position) (lo, hi int, ok bool) {
	b, margin := BoardOf(p)
	l, h, ok := db.Probe(b)
	return margin + int(l), margin + int(h), ok
}

// TrustedAfter reports whether the database's bounds for position p (its
// rules Oware, any repetition limit) hold in a game in which the
// positions of history (oldest first, p excluded) were played before p:
// when no position with as many seeds in the pits as p occurred L-1 times
// or more in history, L being the rules' repetition limit (the game ends
// when a position occurs for the L-th time). Under the third-occurrence
// rule (L = 3) no such position may have occurred twice; under a
// first-recurrence rule (L = 2) none may have occurred at all, which
// holds exactly when p is the first position of its seed count in the
// game: after a capture or at the start. See the package documentation
// for why. It allocates a map when L > 2; a search tracks the same
// condition along its path instead (the package documentation says how).
func TrustedAfter(p *engine.Position, history []engine.Position) bool {
	limit := p.Rules().RepetitionLimit()
	if limit <= 0 {
		return true
	}
	k := p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
	var seen map[engine.Key]int
	for i := range history {
		q := &history[i]
		if q.PitSeeds(engine.South)+q.PitSeeds(engine.North) != k {
			continue
		}
		if limit <= 2 {
			return false
		}
		if seen == nil {
			seen = map[engine.Key]int{}
		}
		if seen[q.Key()]++; seen[q.Key()] >= limit-1 {
			return false
		}
	}
	return true
}

// ChildTrusted is TrustedAfter's condition carried along a search path,
// for repetition limit limit (engine.Rules.RepetitionLimit): whether a
// probe at a child is a proof, given that one at its parent was
// (parent), whether the move to the child captured, and whether the
// parent's occurrence was its first (parentFirst: the parent is not a
// position met before, on the path or in the game's history; positions
// with other seed counts never are). At the root, TrustedAfter answers
// from the game's history. After a capture it always holds (the child is
// the first position of its seed count); otherwise, under a
// first-recurrence rule (limit 2) never (the parent is in the child's
// history), under the third-occurrence rule (limit 3) when it held at the
// parent and parentFirst. For a limit above 3 it answers as for 3, which
// is safe (it may decline where TrustedAfter would not).
func ChildTrusted(limit int, parent, captured, parentFirst bool) bool {
	switch {
	case captured:
		return true
	case limit <= 0:
		return parent
	case limit <= 2:
		return false
	}
	return parent && parentFirst
}

// StrategyTrusted reports whether the database's lower bound for the side
// to move at p (its rules Oware with db's grand-slam rule, p ongoing with
// at most db.MaxSeeds seeds in the pits) holds in a game in which the
// positions of history (oldest first, p excluded) were played before p,
// under any repetition rule, because that side has played its database
// strategy since its seed count began: at each of its turns among the
// positions with p's seed count, the last of them in history (from the
// first position after the capture, or the start), it played BestMove,
// with a guarantee that was not trivial (a lower bound above minus the
// seeds on the board). Playing BestMove on from p then secures lo: the
// line from the level's first position is a path in the graph of the
// strategy's lines, which has no cycle (package documentation,
// TestStrategyLinesNeverRepeat), so no position of the level comes back,
// whatever the repetition rule. It proves lo only: the side to move
// could still leave its strategy and bring back a position played before
// p, ending the game (under the first recurrence) at a value above hi,
// so even where the bounds meet the value with this history is not
// proven. It allows what TrustedAfter refuses after a quiet move under
// Abapa's first-recurrence rule, on the lines a level that follows the
// database plays.
func StrategyTrusted(db *DB, p *engine.Position, history []engine.Position) bool {
	k := p.PitSeeds(engine.South) + p.PitSeeds(engine.North)
	if k > db.MaxSeeds {
		return false
	}
	first := len(history)
	for first > 0 {
		q := &history[first-1]
		if q.PitSeeds(engine.South)+q.PitSeeds(engine.North) != k {
			break
		}
		first--
	}
	me := p.ToMove()
	for j := first; j < len(history); j++ {
		q := &history[j]
		if q.ToMove() != me {
			continue
		}
		b, _ := BoardOf(q)
		if lo, _ := db.Bounds(b); lo == -k {
			return false
		}
		pit, ok := db.BestMove(b)
		if !ok {
			return false
		}
		next := p
		if j+1 < len(history) {
			next = &history[j+1]
		}
		c, g := db.Play(b, pit)
		if nb, _ := BoardOf(next); g != 0 || nb != c || next.ToMove() == me {
			return false
		}
	}
	return true
}
