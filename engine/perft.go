package engine

import "encoding/binary"

// Perft counts the move sequences of exactly depth plies from p: one sowing
// is one ply, an extra turn is a new ply by the same player, and a game that
// ends before depth contributes nothing at deeper plies. Rules that need the
// game's history (the repetition rule, Rules.RepetitionLimit: Oware's third
// occurrence, or its first recurrence with repetition=first) are applied
// along each line, counting p as the first occurrence of itself.
//
// The last ply is counted without being played ("bulk counting"), as chess
// perft programs do; [PerftFull] plays every move.
func Perft(p Position, depth int) uint64 { return perft(p, depth, true) }

// PerftFull is Perft that also plays every move of the last ply, so that its
// speed measures making moves as well as generating them.
func PerftFull(p Position, depth int) uint64 { return perft(p, depth, false) }

func perft(p Position, depth int, bulk bool) uint64 {
	if depth <= 0 {
		return 1
	}
	w := perftWalker{r: p.rules, bulk: bulk, bufs: make([][MaxMoves]Move, depth+1), stack: make([]Position, depth+1)}
	w.stack[0] = p
	if lim := p.rules.RepetitionLimit(); lim > 0 {
		w.limit = lim
		w.words = (len(p.rules.Layout().Cells) + 7) / 8
		w.path = make([]pathEntry, 1, depth+1)
		w.path[0] = w.entryOf(&w.stack[0])
		w.onPath = w.path[0].bit()
	}
	return w.walk(&w.stack[0], depth)
}

type perftWalker struct {
	r    Rules
	bulk bool
	bufs [][MaxMoves]Move
	// stack holds the child position at each depth: a pointer to a local
	// passed to an interface method would escape, one allocation a move.
	stack []Position
	limit int
	words int         // the words of cells that the layout uses, for the hash
	path  []pathEntry // positions on the current line, for the repetition rule
	// onPath has the bit of each position on path: a position whose bit
	// is clear is not on it, which settles most lookups without a scan.
	onPath uint64
}

// pathEntry is a position on the line (in stack) with a hash that settles
// most comparisons in one step.
type pathEntry struct {
	hash uint64
	pos  *Position
}

// entryOf hashes the cells the layout uses (the others are always 0), the
// side to move and the variant state.
func (w *perftWalker) entryOf(p *Position) pathEntry {
	h := uint64(p.toMove) | binary.LittleEndian.Uint64(p.aux[:])<<8
	for i := range w.words {
		h = (h ^ binary.LittleEndian.Uint64(p.cells[8*i:])) * 0x9e3779b97f4a7c15
	}
	return pathEntry{h, p}
}

// bit is the position's bit in perftWalker.onPath.
func (e pathEntry) bit() uint64 { return 1 << (e.hash >> 58) }

func (w *perftWalker) walk(p *Position, depth int) uint64 {
	moves := w.r.AppendMoves(p, w.bufs[depth][:0])
	if depth == 1 && w.bulk {
		return uint64(len(moves))
	}
	q := &w.stack[depth]
	if depth == 1 { // every leaf is one, ended game or not
		for _, m := range moves {
			*q = *p
			w.r.Apply(q, m, nil)
		}
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		*q = *p
		w.r.Apply(q, m, nil)
		if w.limit > 0 {
			e := w.entryOf(q)
			if q.status == Ongoing && w.onPath&e.bit() != 0 && w.repeats(e) {
				q.endByRepetition(nil)
				if q.status != Ongoing {
					continue // the game ends here, by repetition
				}
				// namnam: only the round ended; the line goes on
				e = w.entryOf(q)
			}
			onPath := w.onPath
			w.onPath |= e.bit()
			w.path = append(w.path, e)
			n += w.walk(q, depth-1)
			w.path = w.path[:len(w.path)-1]
			w.onPath = onPath
			continue
		}
		n += w.walk(q, depth-1)
	}
	return n
}

// repeats reports whether e's position would be the limit-th occurrence of
// itself on the line.
func (w *perftWalker) repeats(e pathEntry) bool {
	seen := 1
	for i := range w.path {
		if w.path[i].hash == e.hash && w.path[i].pos.key() == e.pos.key() {
			seen++
		}
	}
	return seen >= w.limit
}
