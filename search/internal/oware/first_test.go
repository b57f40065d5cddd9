package oware

import (
	"context"
	"maps"
	"os"
	"strconv"
	"testing"
)

// firstCompare reports whether n's value under the first-recurrence rule
// (firstValue), path holding its level's history and n, is at least lo
// (above false) or at most hi (above true), by a null-window search on a
// copy of path (a search given up leaves its line in the map); ok is
// false past a budget of 200 000 nodes.
func firstCompare(db *DB, n strategyNode, path map[strategyNode]bool, bound int, above bool) (holds, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errFirstLimit {
				panic(r)
			}
			holds, ok = false, false
		}
	}()
	budget := 200_000
	if above {
		return firstValue(db, n, maps.Clone(path), bound, bound+1, &budget) <= bound, true
	}
	return firstValue(db, n, maps.Clone(path), bound-1, bound, &budget) >= bound, true
}

// firstWithin reports whether n's value under the first-recurrence rule,
// path holding its level's history and n, lies within [lo, hi]
// (firstCompare both ways); ok is false past the budget.
func firstWithin(db *DB, n strategyNode, path map[strategyNode]bool, lo, hi int) (in, ok bool) {
	if atLeast, ok := firstCompare(db, n, path, lo, false); !ok || !atLeast {
		return false, ok
	}
	return firstCompare(db, n, path, hi, true)
}

// firstDBs builds DB and FirstDB for rule slam and k seeds.
func firstDBs(t *testing.T, slam Slam, k int) (*DB, *FirstDB) {
	t.Helper()
	db := NewDB(slam, k)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	f, err := BuildFirst(context.Background(), slam, k)
	if err != nil {
		t.Fatal(err)
	}
	return db, f
}

// TestFirstBoundsNoHistory checks FirstDB against the brute force under
// the first-recurrence rule (firstValue) on every board of up to 3 seeds
// (OWARE_FIRST_SEEDS sets another count) of each grand-slam rule, as the
// first position of its level: the value lies within the bounds. So that
// the bounds say something, it also requires that they are never looser
// than DB's and that they are tighter on some boards (and logs how many
// are exact).
func TestFirstBoundsNoHistory(t *testing.T) {
	K := 3
	if s := os.Getenv("OWARE_FIRST_SEEDS"); s != "" {
		K, _ = strconv.Atoi(s)
	}
	for _, slam := range Slams {
		t.Run(slam.String(), func(t *testing.T) {
			db, f := firstDBs(t, slam, K)
			checked, given, exact, dbExact, tighter := 0, 0, 0, 0, 0
			for k := 1; k <= K; k++ {
				for _, b := range levelBoards(k) {
					lo, hi, ok := f.Bounds(b)
					dlo, dhi := db.Bounds(b)
					if !ok || lo > hi || lo < dlo || hi > dhi {
						t.Fatalf("%v: first-recurrence bounds [%d, %d] (ok %v), DB's [%d, %d]", b, lo, hi, ok, dlo, dhi)
					}
					if lo > dlo || hi < dhi {
						tighter++
					}
					if lo == hi {
						exact++
					}
					if dlo == dhi {
						dbExact++
					}
					n := strategyNode{b, true}
					in, ok := firstWithin(db, n, map[strategyNode]bool{n: true}, lo, hi)
					switch {
					case !ok:
						given++
					case !in:
						t.Fatalf("%v: the value under the first-recurrence rule leaves the bounds [%d, %d]", b, lo, hi)
					default:
						checked++
					}
				}
			}
			t.Logf("up to %d seeds: %d boards checked (%d given up); %d exact (DB: %d), %d tighter than DB's", K, checked, given, exact, dbExact, tighter)
			if checked == 0 || tighter == 0 {
				t.Fatal("nothing checked, or no bound tighter than DB's")
			}
		})
	}
}

// TestFirstBoundsWithHistory checks FirstDB.Widen against the brute force:
// along every line of up to 4 quiet plies from every board of up to 3
// seeds of each grand-slam rule (the line's earlier positions its
// history), the value of the line's last position lies within its bounds
// widened by the history's splits. So that the widening is not idle, it
// counts the values that leave the unwidened bounds.
func TestFirstBoundsWithHistory(t *testing.T) {
	const K, plies = 3, 4
	for _, slam := range Slams {
		t.Run(slam.String(), func(t *testing.T) {
			db, f := firstDBs(t, slam, K)
			checked, given, outside := 0, 0, 0
			var line []strategyNode
			var walk func(n strategyNode, path map[strategyNode]bool, left int)
			walk = func(n strategyNode, path map[strategyNode]bool, left int) {
				lo, hi, _ := f.Bounds(n.b)
				if len(line) > 0 {
					wlo, whi := lo, hi
					for _, h := range line {
						s := split(h.b)
						if h.mine != n.mine {
							s = -s
						}
						wlo, whi = f.Widen(wlo, whi, s)
					}
					in, ok := firstWithin(db, n, path, wlo, whi)
					switch {
					case !ok:
						given++
					case !in:
						t.Fatalf("%v after %v: the value leaves the widened bounds [%d, %d]", n, line, wlo, whi)
					default:
						checked++
						if in, _ := firstWithin(db, n, path, lo, hi); !in {
							outside++
						}
					}
				}
				if left == 0 {
					return
				}
				moves := db.Moves(n.b)
				for i := range 6 {
					if moves&(1<<i) == 0 {
						continue
					}
					c, g := db.Play(n.b, i)
					cn := strategyNode{c, !n.mine}
					if g > 0 || path[cn] {
						continue
					}
					line = append(line, n)
					path[cn] = true
					walk(cn, path, left-1)
					delete(path, cn)
					line = line[:len(line)-1]
				}
			}
			for k := 1; k <= K; k++ {
				for _, b := range levelBoards(k) {
					n := strategyNode{b, true}
					walk(n, map[strategyNode]bool{n: true}, plies)
				}
			}
			t.Logf("up to %d seeds, lines of up to %d plies: %d positions checked (%d given up), %d values outside the unwidened bounds", K, plies, checked, given, outside)
			if checked == 0 || outside == 0 {
				t.Fatal("nothing checked, or the history never matters")
			}
		})
	}
}
