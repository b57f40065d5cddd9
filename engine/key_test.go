package engine

import "testing"

// Positions that are the same for the repetition rule have the same Key,
// and changing any part of the state (a cell, the side to move, the
// variant state kept outside the cells, the status) changes it.
func TestKeyIdentity(t *testing.T) {
	kalah := MustNew("kalah", nil)
	// A transposition: South 1 then North 1, or the same position built
	// from a setup with another ply.
	p := mustPlay(t, kalah.Start(), "1", "1")
	s := p.Setup()
	s.Ply = 40
	q, err := NewPosition(kalah, s)
	if err != nil {
		t.Fatal(err)
	}
	if p.Key() != q.Key() || p.key() != q.key() {
		t.Errorf("same position, other ply: keys %v and %v differ", p.Key(), q.Key())
	}

	differ := func(name string, a, b Position) {
		t.Helper()
		if a.Key() == b.Key() {
			t.Errorf("%s: same key %v", name, a.Key())
		}
	}
	start := kalah.Start()
	moved := start
	moved.toMove = North
	differ("side to move", start, moved)
	for c := range Cell(14) {
		x := start
		x.cells[c]++
		differ("cell "+kalah.Layout().CellName(c), start, x)
	}
	over := start
	over.status = Draw
	differ("status", start, over)

	// Kalah's pie rule: at North's first turn the swap is available; the
	// same board without it, and the board after a swap, are other
	// positions.
	pie := MustNew("kalah", Options{"pie": "true"})
	after1 := mustPlay(t, pie.Start(), "1")
	if !pie.Start().SwapPending() || !after1.SwapPending() || kalah.Start().SwapPending() {
		t.Error("SwapPending: want true before North's first sowing, and only with the pie rule")
	}
	noSwap := after1
	noSwap.aux[auxSwapAvailable] = 0
	differ("swap available", after1, noSwap)
	swapped := mustPlay(t, after1, "swap")
	differ("swapped", noSwap, swapped)
	if swapped.SwapPending() || mustPlay(t, after1, "1").SwapPending() {
		t.Error("SwapPending after the swap or North's first sowing")
	}

	// Togyz: the same cells with and without a tuzdyk.
	togyz := MustNew("togyz", nil)
	b := board{toMove: South, south: []int{9, 9, 9, 9, 0, 9, 9, 9, 9}, north: []int{9, 9, 9, 9, 0, 9, 9, 9, 9}, stores: [2]int{9, 9}}
	plain := b.setup(t, togyz)
	b.extra = `{"tuzdyk":{"south":5}}`
	withTuzdyk := b.setup(t, togyz)
	differ("tuzdyk", plain, withTuzdyk)
	b.extra = `{"tuzdyk":{"north":5}}`
	differ("tuzdyk owner", withTuzdyk, b.setup(t, togyz))
}

// Along random games, two positions have the same Key exactly when the
// repetition rule sees them as the same.
func TestKeyAgreesWithRepetition(t *testing.T) {
	for _, id := range []string{"kalah", "oware", "togyz", "congkak", "tchuka"} {
		r := MustNew(id, nil)
		if id == "kalah" {
			r = MustNew(id, Options{"pie": "true", "pits": "3", "seeds": "2"})
		}
		seen := map[Key]key{}
		var buf [MaxMoves]Move
		for g := range 40 {
			p := r.Start()
			for i := 0; p.status == Ongoing && i < 200; i++ {
				k := p.Key()
				if old, ok := seen[k]; ok && old != p.key() {
					t.Fatalf("%s: positions %v and %v share key %v", id, old, p.key(), k)
				}
				seen[k] = p.key()
				moves := r.AppendMoves(&p, buf[:0])
				r.Apply(&p, moves[(g*7+i*13)%len(moves)], nil)
			}
		}
	}
}

func TestKeyAllocatesNothing(t *testing.T) {
	p := MustNew("togyz", nil).Start()
	var k Key
	if n := testing.AllocsPerRun(100, func() { k = p.Key() }); n != 0 {
		t.Errorf("Key allocates %v times", n)
	}
	_ = k
}

func TestRepetitionLimit(t *testing.T) {
	for id, want := range map[string]int{"kalah": 0, "oware": 3, "togyz": 0, "congkak": 0, "tchuka": 0} {
		if got := MustNew(id, nil).RepetitionLimit(); got != want {
			t.Errorf("%s: RepetitionLimit %d, want %d", id, got, want)
		}
	}
}

// Key is called at every node of the search.
func BenchmarkKey(b *testing.B) {
	for _, id := range []string{"kalah", "oware", "togyz", "congkak"} {
		b.Run(id, func(b *testing.B) {
			p, err := MustNew(id, nil).Start().Play(Move{Pit: 1})
			if err != nil {
				b.Fatal(err)
			}
			var k Key
			b.ReportAllocs()
			for b.Loop() {
				k = p.Key()
			}
			_ = k
		})
	}
}
