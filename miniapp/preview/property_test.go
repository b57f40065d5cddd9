package preview

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestEveryVariantAccounts plays random games of every variant and, in each
// position on the way, previews every legal move. Each preview must be a
// complete account of its move: starting from the cells before it, lifting
// each lap's seeds, sowing them, and moving the captured, deposited, swept,
// filled and penalty seeds gives the cells after it, exactly. The landing
// cell, the extra turn and the end are checked against the position after.
func TestEveryVariantAccounts(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, v := range engine.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			r, err := v.New(v.Defaults())
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(v.ID)), 29))
			seen := map[string]bool{}
			for range games {
				g := engine.NewGame(r.Start())
				for ply := 0; ply < 400 && !g.Position().Status().Over(); ply++ {
					p := g.Position()
					moves := p.Moves()
					if len(moves) == 0 {
						break
					}
					for _, m := range moves {
						pv, err := InGame(g, m)
						if err != nil {
							t.Fatalf("ply %d, %s: %v", ply, m, err)
						}
						if g.Position().Key() != p.Key() || len(g.Moves()) != ply {
							t.Fatalf("ply %d: InGame(%s) changed the game", ply, m)
						}
						if _, err := g.Play(m); err != nil {
							t.Fatal(err)
						}
						after := g.Position() // with the game's history: a repetition may end it, or a round
						g.Undo()
						checkAccount(t, p, after, m, pv, seen)
					}
					checkTaps(t, p, moves)
					if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			t.Logf("%s: previews with %v", v.ID, keys(seen))
		})
	}
}

// checkAccount replays pv on p's cells and compares with after, the
// position m leads to.
func checkAccount(t *testing.T, p, after engine.Position, m engine.Move, pv Preview, seen map[string]bool) {
	t.Helper()
	l := p.Rules().Layout()
	cells := make([]int, len(l.Cells))
	for c := range cells {
		cells[c] = p.Cell(engine.Cell(c))
	}
	store := func(side string) int {
		s, err := engine.ParseSide(side)
		if err != nil {
			t.Fatalf("%s: side %q: %v", m, side, err)
		}
		return int(l.Store(s))
	}
	move := func(from, to, n int) { // to or from NoCell: the hand, off the board
		if from != NoCell {
			cells[from] -= n
		}
		if to != NoCell && to != int(engine.NoCell) {
			cells[to] += n
		}
	}
	for _, lap := range pv.Laps {
		move(lap.From, NoCell, lap.Seeds)
		for _, c := range lap.Sown {
			move(NoCell, c, 1)
		}
	}
	for _, x := range pv.Captures {
		move(x.Cell, store(x.Side), x.Count)
		seen["capture"] = true
	}
	for _, x := range pv.Deposits {
		move(x.Cell, store(x.Side), x.Count)
		seen["deposit"] = true
	}
	for _, x := range pv.Sweeps {
		move(x.Cell, store(x.Side), x.Count)
		seen["sweep"] = true
	}
	for _, x := range pv.Fills {
		move(store(x.Side), x.Cell, x.Count)
		seen["fill"] = true
	}
	for _, x := range pv.Penalties {
		move(store(x.Side), x.Cell, x.Count)
		seen["penalty"] = true
	}
	for c := range cells {
		if cells[c] != after.Cell(engine.Cell(c)) || pv.After[c] != cells[c] {
			t.Fatalf("%s in %s: cell %d: preview gives %d, After %d, the engine %d\npreview %+v", m, p, c, cells[c], pv.After[c], after.Cell(engine.Cell(c)), pv)
		}
	}

	// The landing is the last cell sown, and holds a seed after the move
	// unless the move then took it away.
	if pv.Landing != NoCell {
		last := pv.Laps[len(pv.Laps)-1].Sown
		if len(last) == 0 || last[len(last)-1] != pv.Landing {
			t.Fatalf("%s: landing %d is not the last cell sown (%v)", m, pv.Landing, pv.Laps)
		}
		taken := slices.ContainsFunc(slices.Concat(pv.Captures, pv.Deposits, pv.Sweeps), func(x Transfer) bool { return x.Cell == pv.Landing })
		if after.Cell(engine.Cell(pv.Landing)) == 0 && !taken {
			t.Fatalf("%s: the last seed landed in %d, which is empty after the move and nothing took it", m, pv.Landing)
		}
	} else if slices.ContainsFunc(pv.Laps, func(l Lap) bool { return len(l.Sown) > 0 }) {
		t.Fatalf("%s: seeds sown but no landing", m)
	}
	for _, x := range pv.Captures {
		if x.Count <= 0 || x.Cell != NoCell && l.Cells[x.Cell].Kind != engine.PitCell {
			t.Fatalf("%s: capture %+v is not of seeds in a pit", m, x)
		}
	}

	// Whose turn and the end agree with the position after.
	if over := after.Status().Over(); over != (pv.End != nil) || over && (pv.End.Status != after.Status().String() || pv.End.Reason != after.EndReason().String()) {
		t.Fatalf("%s: end %+v, position after %s (%s)", m, pv.End, after.Status(), after.EndReason())
	}
	if pv.End == nil {
		if pv.Next != after.ToMove().String() {
			t.Fatalf("%s: next %q, the engine says %s", m, pv.Next, after.ToMove())
		}
		if pv.ExtraTurn && pv.Next != pv.Mover && len(pv.Passes) == 0 {
			t.Fatalf("%s: extra turn, yet %s moves next", m, pv.Next)
		}
		if l.Sides == 2 && !pv.ExtraTurn && !pv.Swap && len(pv.Passes) == 0 && len(pv.Fills) == 0 && pv.Next == pv.Mover && opponentHasSeeds(after, p.ToMove()) {
			t.Fatalf("%s: no extra turn, yet the mover moves again: %+v in\n%s", m, pv, p)
		}
		if pv.ExtraTurn {
			seen["extra turn"] = true
		}
	} else {
		seen["end "+pv.End.Reason] = true
	}
	for _, mk := range pv.Marks {
		seen[mk.Kind] = true
	}
	if len(pv.Laps) > 1 {
		seen["laps"] = true
	}
	if _, err := json.Marshal(pv); err != nil {
		t.Fatalf("%s: JSON: %v", m, err)
	}
}

// checkTaps: tapping each cell offers exactly the legal moves starting there.
func checkTaps(t *testing.T, p engine.Position, moves []engine.Move) {
	t.Helper()
	var offered []string
	for c := range p.Rules().Layout().Cells {
		for _, pv := range Tap(p, engine.Cell(c)) {
			offered = append(offered, pv.Move)
		}
	}
	var want []string
	for _, m := range moves {
		if m.Kind == engine.Sow {
			want = append(want, m.String())
		}
	}
	slices.Sort(offered)
	slices.Sort(want)
	if !slices.Equal(offered, want) {
		t.Fatalf("taps offer %v, legal sowing moves %v in %s", offered, want, p)
	}
}

func keys(m map[string]bool) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	slices.Sort(k)
	return k
}

// opponentHasSeeds reports whether a side other than mover owns a pit with
// seeds in p (when none does, the mover moves on without a pass: Nam Nam).
func opponentHasSeeds(p engine.Position, mover engine.Side) bool {
	for c, ci := range p.Rules().Layout().Cells {
		if ci.Kind == engine.PitCell && p.Cell(engine.Cell(c)) > 0 && p.Owner(engine.Cell(c)) != mover {
			return true
		}
	}
	return false
}
