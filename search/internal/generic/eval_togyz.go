package generic

import "github.com/mancala-bot/mancala/engine"

func init() { registerEval("togyz", variantEval{eval: evalTogyz}) }

// evalTogyz (Togyz Kumalak) counts, besides the kazans:
//   - a tuzdyk, which brings its owner every seed sown into it for the
//     rest of the game: worth more the more seeds are still sown and the
//     nearer it lies to the start of the opponent's row (tuzdykWorth:
//     about a seed for every ten on the board);
//   - the opponent's threats: the seeds his best move would capture next
//     (a last seed making one of the mover's pits even), or a tuzdyk he
//     would make (a last seed making a pit 3), at half their worth, since
//     the mover may still move the pit or spoil the count; the mover's own
//     captures are the quiescence search's;
//   - the opponent's pits with an odd count, which one more seed turns
//     even for a capture.
func evalTogyz(s *gsearch, n *gnode) int32 {
	p := &n.pos
	l := s.l
	me, opp := p.ToMove(), 1-p.ToMove()
	v := 100 * s.margin(p)
	board := p.PitSeeds(me) + p.PitSeeds(opp)
	s.marks = p.AppendMarks(s.marks[:0])
	ring, tuz := togyzBoard(p, l, s.marks)
	for sd := range engine.Side(2) {
		if tuz[sd] < 0 {
			continue
		}
		if w := tuzdykWorth(board, tuz[sd]); sd == me {
			v += w
		} else {
			v -= w
		}
	}
	v -= togyzThreat(&ring, tuz, opp, board) / 2
	odd := 0
	for i := 1; i <= l.Pits; i++ {
		if x := p.Cell(l.Pit(opp, i)); x&1 == 1 {
			odd += min(x, 20)
		}
		if x := p.Cell(l.Pit(me, i)); x&1 == 1 {
			odd -= min(x, 20)
		}
	}
	v += 3 * odd
	return int32(v)
}

// tuzdykWorth is what a tuzdyk on ring index at (pit at%9+1 of its side)
// will still bring its owner, in hundredths of a seed: a share of the
// seeds on the board, from 14 hundredths of a seed for every seed on the
// board at pit 1 down to 7 at pit 8. A tuzdyk near the start of the
// opponent's row is passed first by every sowing of its owner's that
// crosses over, so the owner feeds it at will; the opponent's own sowings
// reach it last. (Measured: this beat a flat tenth, +9 =1 -6 in 16 games,
// and the reverse order, 7 at pit 1 to 14 at pit 8, lost to the flat
// tenth, +1 =2 -6 in 9.)
func tuzdykWorth(board, at int) int { return board * (14 - at%9) }

// togyzBoard returns the ring of 18 pits, side s's pit i at 9*s+i-1 (the
// order of sowing), and the ring index of each side's tuzdyk (-1: none),
// from p and its marks.
func togyzBoard(p *engine.Position, l *engine.Layout, marks []engine.Mark) (ring [18]int, tuz [2]int) {
	tuz = [2]int{-1, -1}
	for sd := range engine.Side(2) {
		for i := 1; i <= 9; i++ {
			c := l.Pit(sd, i)
			ring[9*int(sd)+i-1] = p.Cell(c)
			for _, m := range marks {
				if m.Kind == engine.MarkTuzdyk && m.Cell == c {
					tuz[m.Side] = 9*int(sd) + i - 1
				}
			}
		}
	}
	return ring, tuz
}

// togyzThreat is the best that side sd's next move takes, in hundredths of
// a seed: the seeds of a pit its last seed makes even, or a new tuzdyk
// (its three seeds and the tuzdyk's worth, as evalTogyz counts it).
func togyzThreat(ring *[18]int, tuz [2]int, sd engine.Side, board int) int {
	best := 0
	base := 9 * int(sd)
	for i := range 9 {
		from := base + i
		n := ring[from]
		if n == 0 {
			continue
		}
		// The first seed goes back into the pit, unless it is the only one.
		land, got := (from+1)%18, 1
		if n > 1 {
			land, got = (from+n-1)%18, (n-1)/18+1
		}
		if land/9 == int(sd) || land == tuz[sd] || land == tuz[1-sd] {
			continue
		}
		c := ring[land] + got
		switch {
		case c%2 == 0:
			best = max(best, 100*c)
		case c == 3 && tuz[sd] < 0 && land%9 != 8 && (tuz[1-sd] < 0 || tuz[1-sd]%9 != land%9):
			best = max(best, 300+tuzdykWorth(board, land))
		}
	}
	return best
}
