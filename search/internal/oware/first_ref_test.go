package oware

import (
	"context"
	"testing"
)

// defScratch is solveByDefinition's working memory.
type defScratch struct {
	win, inY, supp []bool
	cnt            []int32
	queue          []int32
}

func newDefScratch(n int) *defScratch {
	return &defScratch{
		win: make([]bool, 2*n), inY: make([]bool, 2*n), supp: make([]bool, 2*n),
		cnt: make([]int32, n), queue: make([]int32, 0, 2*n),
	}
}

// solveByDefinition is firstLevel.solve's reference for TestFirstSolveMatchesDefinition: the nested fixed point
// written as it is defined, with none of solve's shortcuts. It leaves in sc.win the nodes from which the protagonist P secures
// at least v: node i < n is board i with P to move, node n+i board i with
// P's opponent to move (see FirstDB for the game). It computes the nested
// fixed point μX.νY. CPre(X) ∪ (Safe ∩ CPre(Y)): each round of the outer
// loop takes the largest Y by removing the nodes that lose their support,
// and stops when Y is the X it started from.
func (l *firstLevel) solveByDefinition(v int, sc *defScratch) {
	n := l.n
	win, inY, supp, cnt := sc.win, sc.inY, sc.supp, sc.cnt
	clear(win)
	safe := func(id int) bool { return l.safe(v, id) }
	for {
		q := sc.queue[:0]
		remove := func(id int) {
			inY[id] = false
			q = append(q, int32(id))
		}
		for id := range inY {
			inY[id] = true
		}
		for i := range n {
			kids := l.ch[l.cs[i]:l.cs[i+1]]
			// P to move: some move into X, or a capture securing v.
			s := int(l.exA[i]) >= v
			for _, c := range kids {
				if s {
					break
				}
				s = win[n+int(c)]
			}
			supp[i] = s
			cnt[i] = int32(len(kids))
			if !s && !(safe(i) && (len(kids) > 0 || int(l.exA[i]) >= v)) {
				remove(i)
			}
			// The opponent to move: no capture of its escapes v, and
			// every other move goes into X.
			bad := int(l.exB[i]) > -v
			s = !bad
			for _, c := range kids {
				if !s {
					break
				}
				s = win[int(c)]
			}
			supp[n+i] = s
			if !s && (bad || !safe(n+i)) {
				remove(n + i)
			}
		}
		for len(q) > 0 {
			id := int(q[len(q)-1])
			q = q[:len(q)-1]
			if id >= n { // the opponent's node left: P's parents lose a move
				for _, p := range l.pr[l.ps[id-n]:l.ps[id-n+1]] {
					if !inY[p] || supp[p] {
						continue
					}
					if cnt[p]--; cnt[p] == 0 && int(l.exA[p]) < v {
						remove(int(p))
					}
				}
			} else { // P's node left: the opponent's parents can escape
				for _, p := range l.pr[l.ps[id]:l.ps[id+1]] {
					if pid := n + int(p); inY[pid] && !supp[pid] {
						remove(pid)
					}
				}
			}
		}
		sc.queue = q
		grew := false
		for id, in := range inY {
			if in && !win[id] {
				grew = true
				win[id] = true
			}
		}
		if !grew {
			return
		}
	}
}

// TestFirstSolveMatchesDefinition checks firstLevel.solve, which alternates
// attractors and traps, against solveByDefinition, the nested fixed point
// computed as written, on every level of up to 6 seeds (7 without -short)
// of each grand-slam rule and every threshold.
func TestFirstSolveMatchesDefinition(t *testing.T) {
	K := 7
	if testing.Short() {
		K = 6
	}
	for _, slam := range Slams {
		f, err := BuildFirst(context.Background(), slam, K)
		if err != nil {
			t.Fatal(err)
		}
		for k := 1; k <= K; k++ {
			l := f.level(k)
			a, b := newFirstScratch(l.n), newDefScratch(l.n)
			for v := -k + 1; v <= k; v++ {
				l.solve(v, a)
				l.solveByDefinition(v, b)
				for id := range a.win {
					if a.win[id] != b.win[id] {
						t.Fatalf("%v, %d seeds, threshold %d: node %d of %d: solve says %v, the definition %v", slam, k, v, id, 2*l.n, a.win[id], b.win[id])
					}
				}
			}
		}
	}
}
