package search

import (
	"context"
	"math"

	"github.com/mancala-bot/mancala/engine"
)

// SolitaireResult is the answer of SolveSolitaire.
type SolitaireResult struct {
	// Solvable is true when some sequence of moves clears the board.
	Solvable bool
	// Solution is the first such sequence in ascending pit order (the pits
	// chosen, 1-based), empty when the board is already clear or there is
	// none.
	Solution []int
	// Solutions is the number of distinct solving sequences when counting
	// was asked for (saturating at math.MaxUint64), else 0.
	Solutions uint64
	// Positions is the number of distinct positions examined.
	Positions int
}

// SolveSolitaire says whether the solitaire position p (Tchuka Ruma) can
// be cleared, and how: a depth-first search over the moves, in ascending
// pit order, remembering the positions already known to be dead ends (or,
// with count, the number of solutions from every position, so that the
// solutions are counted without being listed). Every move that does not
// end in the store ends the game, so the search is a finite tree of at most
// as many moves as seeds.
//
// Errors: ErrNotSolitaire for a game of two or more players, and ctx's
// error when it ends first.
func SolveSolitaire(ctx context.Context, p engine.Position, count bool) (SolitaireResult, error) {
	r := p.Rules()
	if r == nil || r.Layout().Sides != 1 {
		return SolitaireResult{}, ErrNotSolitaire
	}
	switch p.Status() {
	case engine.Solved:
		return SolitaireResult{Solvable: true, Solution: []int{}, Solutions: b2n(count)}, nil
	case engine.Ongoing:
	default:
		return SolitaireResult{Solution: []int{}}, nil
	}
	s := &solitaire{r: r, n: len(r.Layout().Cells), ctx: ctx, count: count, memo: map[solKey]uint64{}}
	s.stack = make([]engine.Position, p.Seeds()+2)
	s.stack[0] = p
	n := s.walk(0)
	if s.err != nil {
		return SolitaireResult{}, s.err
	}
	res := SolitaireResult{Solvable: n > 0, Solution: []int{}, Positions: len(s.memo)}
	if count {
		res.Solutions = n
	}
	if n > 0 {
		res.Solution = s.first(p)
	}
	return res, nil
}

func b2n(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

type solKey [engine.MaxPits + 1]uint8

type solitaire struct {
	r     engine.Rules
	n     int
	ctx   context.Context
	count bool
	err   error
	nodes uint64
	memo  map[solKey]uint64 // solutions from a position (0: dead end)
	stack []engine.Position
	bufs  [][engine.MaxMoves]engine.Move
}

func (s *solitaire) key(p *engine.Position) solKey {
	var k solKey
	for c := 0; c < s.n && c < len(k); c++ {
		k[c] = uint8(p.Cell(engine.Cell(c)))
	}
	return k
}

// walk returns the number of solutions from stack[d] (with count unset:
// 1 for solvable, 0 for not).
func (s *solitaire) walk(d int) uint64 {
	p := &s.stack[d]
	switch p.Status() {
	case engine.Solved:
		return 1
	case engine.Ongoing:
	default:
		return 0
	}
	k := s.key(p)
	if v, ok := s.memo[k]; ok {
		return v
	}
	s.nodes++
	if s.nodes&0xfff == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
		}
	}
	if s.err != nil {
		return 0
	}
	for d >= len(s.bufs) {
		s.bufs = append(s.bufs, [engine.MaxMoves]engine.Move{})
	}
	var total uint64
	for _, m := range s.r.AppendMoves(p, s.bufs[d][:0]) {
		q := &s.stack[d+1]
		*q = *p
		s.r.Apply(q, m, nil)
		n := s.walk(d + 1)
		if s.err != nil {
			return 0
		}
		if total += n; total < n {
			total = math.MaxUint64
		}
		if total > 0 && !s.count {
			break
		}
	}
	s.memo[k] = total
	return total
}

// first returns the first solution in ascending pit order, following the
// memo (every position on it is known solvable).
func (s *solitaire) first(p engine.Position) []int {
	out := []int{}
	for p.Status() == engine.Ongoing {
		found := false
		for _, m := range p.Moves() {
			q, err := p.Play(m)
			if err != nil {
				continue
			}
			ok := q.Status() == engine.Solved
			if !ok && q.Status() == engine.Ongoing {
				v, known := s.memo[s.key(&q)]
				ok = known && v > 0
			}
			if ok {
				out = append(out, int(m.Pit))
				p, found = q, true
				break
			}
		}
		if !found {
			break
		}
	}
	return out
}
