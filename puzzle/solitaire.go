package puzzle

import (
	"context"
	"errors"
	"math/bits"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// A layout space is a set of Tchuka Ruma layouts numbered 0..size-1: for
// each block in turn, every row of `pits` pits holding 0..values-1 seeds
// each and at most total seeds in all, in lexicographic order.
type layoutSpace struct {
	name   string
	blocks []layoutBlock
	// perWeek is the number of layouts each week may try.
	perWeek uint64
	// key seeds the permutation that spreads the weeks over the space.
	key uint64
}

type layoutBlock struct{ pits, values, total int }

// The two spaces are disjoint (their pit counts differ), so an easy day
// and a hard day never meet either. The easy space has about 45 000
// layouts, 64 a week: 13 years of Mondays; the hard one 2 million, 32 a
// week: over a thousand years of Saturdays.
var (
	easySpace = layoutSpace{name: "easy", perWeek: 64, key: 0x6561737970757a31,
		blocks: []layoutBlock{{4, 9, 16}, {5, 8, 16}, {6, 7, 16}}}
	hardSpace = layoutSpace{name: "hard", perWeek: 32, key: 0x68617264707a7a31,
		blocks: []layoutBlock{{7, 8, 56}}}
)

// rows returns the number of rows of k pits (values 0..b.values-1) whose
// seeds add up to at most t.
func (b layoutBlock) rows(k, t int) uint64 {
	if t < 0 {
		return 0
	}
	// ways[s]: rows of the pits so far adding up to exactly s.
	ways := make([]uint64, t+1)
	ways[0] = 1
	for range k {
		next := make([]uint64, t+1)
		for s, w := range ways {
			for v := 0; v < b.values && s+v <= t; v++ {
				next[s+v] += w
			}
		}
		ways = next
	}
	var n uint64
	for _, w := range ways {
		n += w
	}
	return n
}

func (s *layoutSpace) size() uint64 {
	var n uint64
	for _, b := range s.blocks {
		n += b.rows(b.pits, b.total)
	}
	return n
}

// weeks is the number of weeks before the space's slots come round again.
func (s *layoutSpace) weeks() uint64 { return s.size() / s.perWeek }

// layout returns layout number i (< size) of the space.
func (s *layoutSpace) layout(i uint64) []int {
	for _, b := range s.blocks {
		n := b.rows(b.pits, b.total)
		if i >= n {
			i -= n
			continue
		}
		pits := make([]int, b.pits)
		left := b.total
		for j := range pits {
			for v := 0; v < b.values; v++ {
				n := b.rows(b.pits-j-1, left-v)
				if i < n {
					pits[j] = v
					left -= v
					break
				}
				i -= n
			}
		}
		return pits
	}
	panic("puzzle: layout index out of range")
}

// permute is a keyed bijection of 0..n-1: a four-round Feistel network on
// the smallest even number of bits that holds n, walking the cycle until
// the value falls inside.
func permute(x, n, key uint64) uint64 {
	b := bits.Len64(n - 1)
	b += b & 1
	half := uint(max(b/2, 1))
	mask := uint64(1)<<half - 1
	for {
		l, r := x>>half, x&mask
		for round := range uint64(4) {
			l, r = r, l^(mix(r^key^(round*0x9e3779b97f4a7c15))&mask)
		}
		x = l<<half | r
		if x < n {
			return x
		}
	}
}

// mix is SplitMix64's finalizer.
func mix(z uint64) uint64 {
	z ^= z >> 30
	z *= 0xbf58476d1ce4e5b9
	z ^= z >> 27
	z *= 0x94d049bb133111eb
	return z ^ z>>31
}

// epochMonday is the Monday from which weeks are counted.
var epochMonday = time.Date(2000, 1, 3, 0, 0, 0, 0, time.UTC)

// weekIndex is the number of whole weeks from epochMonday to day's week.
func weekIndex(day time.Time) int64 {
	days := floorDiv(day.Unix()-epochMonday.Unix(), 24*60*60)
	return floorDiv(days, 7)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// solitaireCandidate is a solvable layout and what makes it hard.
type solitaireCandidate struct {
	pos       engine.Position
	solution  []int
	solutions uint64
	diff      int
}

// solitaire makes a Tchuka Ruma puzzle. Each week owns perWeek slots of
// a layout space, slots w*perWeek.. of a fixed permutation of its
// layouts, so no two weeks try the same layout until the space comes round
// again (easySpace.weeks() weeks for Mondays, half of hardSpace.weeks() for
// Saturdays). Of the slots' solvable layouts, an easy day takes the
// easiest and a hard day the hardest. Should an easy week's slots hold no
// solvable layout, it takes the easiest of its slots in the half of the
// hard space that Saturdays never use.
func (g *gen) solitaire() (Puzzle, error) {
	w := weekIndex(g.day)
	half := int64(hardSpace.weeks() / 2)
	var c *solitaireCandidate
	var err error
	if g.slot.level == "hard" {
		c, err = scanWeek(&hardSpace, mod(w, half), true)
	} else {
		c, err = scanWeek(&easySpace, mod(w, int64(easySpace.weeks())), false)
		if c == nil && err == nil {
			c, err = scanWeek(&hardSpace, half+mod(w, half), false)
		}
	}
	if err != nil {
		return Puzzle{}, err
	}
	if c == nil {
		return Puzzle{}, errors.New("no solvable layout in this week's slots")
	}
	ans := make([]string, len(c.solution))
	for i, pit := range c.solution {
		ans[i] = strconv.Itoa(pit)
	}
	n := c.pos.Rules().Layout().Pits
	return Puzzle{
		Position:   c.pos,
		GoalKey:    GoalClear,
		GoalArgs:   map[string]any{"pits": n, "seeds": c.pos.PitSeeds(engine.South)},
		Difficulty: c.diff,
		Answer:     ans,
	}, nil
}

func mod(a, n int64) int64 { return (a%n + n) % n }

// scanWeek returns the easiest (or, with hardest, the hardest) solvable
// layout of week w's slots of sp, nil if there is none: the one with the
// shortest (longest) first solution, the first of those in slot order. A
// hard scan stops at the eighth solvable layout or the first whose
// solution takes 20 moves. Only the layout chosen has its solutions
// counted, for its rating.
func scanWeek(sp *layoutSpace, w int64, hardest bool) (*solitaireCandidate, error) {
	const maxSolvable, longEnough = 8, 20
	var best *solitaireCandidate
	found := 0
	for j := range sp.perWeek {
		idx := permute(uint64(w)*sp.perWeek+j, sp.size(), sp.key)
		c, err := solitaireAt(sp.layout(idx))
		if err != nil {
			return nil, err
		}
		if c == nil {
			continue
		}
		found++
		switch {
		case best == nil:
			best = c
		case hardest && len(c.solution) > len(best.solution):
			best = c
		case !hardest && len(c.solution) < len(best.solution):
			best = c
		}
		if hardest && (found >= maxSolvable || len(best.solution) >= longEnough) {
			break
		}
	}
	if best == nil {
		return nil, nil
	}
	res, err := search.SolveSolitaire(context.Background(), best.pos, true)
	if err != nil {
		return nil, err
	}
	best.solutions = res.Solutions
	best.diff = solitaireDifficulty(len(best.solution), res.Solutions)
	return best, nil
}

// solitaireAt returns the layout's candidate (its solutions not counted),
// nil when it is no puzzle: empty, unsolvable or trivial (a solution of
// fewer than three moves).
func solitaireAt(pits []int) (*solitaireCandidate, error) {
	seeds := 0
	for _, n := range pits {
		seeds += n
	}
	if seeds == 0 {
		return nil, nil
	}
	r, err := engine.New("tchuka", engine.Options{"pits": strconv.Itoa(len(pits))})
	if err != nil {
		return nil, err
	}
	p, err := engine.NewPosition(r, engine.Setup{Pits: [][]int{pits}})
	if err != nil {
		return nil, err
	}
	res, err := search.SolveSolitaire(context.Background(), p, false)
	if err != nil || !res.Solvable || len(res.Solution) < 3 {
		return nil, err
	}
	return &solitaireCandidate{pos: p, solution: res.Solution}, nil
}

// solitaireDifficulty rates a layout by its first solution's length and
// the number of solutions: long and unique is hard.
func solitaireDifficulty(length int, solutions uint64) int {
	d := 1
	for _, l := range []int{8, 12, 16, 20} {
		if length >= l {
			d++
		}
	}
	switch {
	case solutions >= 10:
		d--
	case solutions == 1 && length >= 12:
		d++
	}
	return clamp(d)
}
