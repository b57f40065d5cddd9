package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Bao la Kiswahili: depth 1 is 6L 6R 7L 7R (docs/sources/bao-rules.md
	// example C); confirmed by reference_bao_kiswahili_test.go.
	addPerft("bao", perftRow{nil, []uint64{4, 14, 38, 124, 405, 1430, 5655, 23270}})
	addBench("bao", benchRow{"bao", nil, 9})
	addFuzz("bao", FuzzBao)
}

// Hand-worked Bao la Kiswahili positions (docs/sources/bao-rules.md
// sections 6, 7 and 10; rule ids in the names). A side's 16 pits are
// written front row (1..8) then back row (9..16), each from the owner's
// left; South pit i faces North pit 9-i (C3). Ring (C4): clockwise is
// 1..8, 16..9; front-row R is clockwise (N2).

// bz is a bao position: the two sides' fronts and backs, the hands, the
// nyumba ownership and who is to move.
type bz struct {
	toMove           Side
	sf, sb, nf, nb   []int
	handS, handN     int
	ownedS, ownedN   bool
	takasia          string // "" or the JSON of extra.takasia
	opts             Options
	south16, north16 []int // instead of the four rows
}

var bzNone = []int{0, 0, 0, 0, 0, 0, 0, 0}

func (b bz) pos(t *testing.T) Position {
	t.Helper()
	r := MustNew("bao", b.opts)
	s, n := b.south16, b.north16
	if s == nil {
		s, n = k16(b.sf, orNone(b.sb)), k16(b.nf, orNone(b.nb))
	}
	tk := b.takasia
	if tk == "" {
		tk = "null"
	}
	extra := fmt.Sprintf(`{"hand":{"south":%d,"north":%d},"nyumba_owned":{"south":%v,"north":%v},"takasia":%s}`,
		b.handS, b.handN, b.ownedS, b.ownedN, tk)
	return board{toMove: b.toMove, south: s, north: n, extra: extra}.setup(t, r)
}

func orNone(x []int) []int {
	if x == nil {
		return bzNone
	}
	return x
}

// wantSide checks side s's 16 pits.
func wantSide(t *testing.T, p Position, s Side, front, back []int) {
	t.Helper()
	got := make([]int, 16)
	for i := range got {
		got[i] = p.Pit(s, i+1)
	}
	if want := k16(front, orNone(back)); !slices.Equal(got, want) {
		t.Errorf("%s pits = %v, want %v", s, got, want)
	}
}

func owned(p Position, s Side) bool { return p.Extra()["nyumba_owned"].(sideMapJSON[bool]).vals[s] }

// C: South's legal opening moves are exactly 6L 6R 7L 7R (S2, S4: the
// functional nyumba is refused while other front pits are occupied).
func TestBaoOpening(t *testing.T) {
	p := MustNew("bao", nil).Start()
	if p.Seeds() != 64 || p.Hand(South) != 22 || p.Hand(North) != 22 {
		t.Fatalf("start: seeds %d, hands %d %d", p.Seeds(), p.Hand(South), p.Hand(North))
	}
	wantMoves(t, p, "6L", "6R", "7L", "7R")
	wantIllegal(t, p, "5R", NyumbaForbidden)
	wantIllegal(t, p, "1R", EmptyPit)
	wantIllegal(t, p, "9R", NoSuchPit)
	wantIllegal(t, p, "6R+", PlusNotAllowed)
	cases := []struct {
		move        string
		front, back []int
	}{
		// 3 seeds clockwise: 7, 8, 16 (C4: 8R goes on to 16).
		{"6R", []int{0, 0, 0, 0, 6, 0, 3, 1}, []int{0, 0, 0, 0, 0, 0, 0, 1}},
		// 3 seeds counter-clockwise: 5, 4, 3; the nyumba grows to 7.
		{"6L", []int{0, 0, 1, 1, 7, 0, 2, 0}, nil},
		{"7R", []int{0, 0, 0, 0, 6, 2, 0, 1}, []int{0, 0, 0, 0, 0, 0, 1, 1}},
		{"7L", []int{0, 0, 0, 1, 7, 3, 0, 0}, nil},
	}
	for _, c := range cases {
		q := mustPlay(t, p, c.move)
		wantSide(t, q, South, c.front, c.back)
		wantSide(t, q, North, []int{0, 0, 0, 0, 6, 2, 2, 0}, nil)
		if q.Hand(South) != 21 || q.Hand(North) != 22 || q.Seeds() != 64 || q.ToMove() != North || !owned(q, South) {
			t.Errorf("%s: hands %d %d, seeds %d", c.move, q.Hand(South), q.Hand(North), q.Seeds())
		}
	}
}

// Section 7: the exact position JSON after 6R.
func TestBaoJSONAfter6R(t *testing.T) {
	q := mustPlay(t, MustNew("bao", nil).Start(), "6R")
	const want = `{"variant":"bao","to_move":"north","ply":1,"pits":{"south":[0,0,0,0,6,0,3,1,0,0,0,0,0,0,0,1],"north":[0,0,0,0,6,2,2,0,0,0,0,0,0,0,0,0]},"stores":{"south":0,"north":0},"status":"ongoing","extra":{"hand":{"south":21,"north":22},"nyumba_owned":{"south":true,"north":true},"takasia":null}}`
	b, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	var got, exp map[string]json.RawMessage
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatal(err)
	}
	delete(got, "options") // the doc's JSON leaves the options out
	for k, v := range exp {
		if string(got[k]) != string(v) {
			t.Errorf("%s = %s, want %s", k, got[k], v)
		}
	}
	if len(got) != len(exp) {
		t.Errorf("keys: got %s", b)
	}
	back, err := ParsePosition([]byte(want))
	if err != nil {
		t.Fatal(err)
	}
	if back.Key() != q.Key() || back != q {
		t.Errorf("round trip: %s", back.String())
	}
}

// B: Skiryuk docs/sources/seed-000.md#line-369 (000:369-375), one captured seed
// (S5, S6), namua stage: South places in pit 3, capturing the single seed of
// North pit 6, sown from the left kichwa (R).
func TestBaoOneSeedCapture(t *testing.T) {
	// 1. The kichwa was empty: the move ends there (S6.1).
	p := bz{sf: []int{0, 0, 1, 0, 0, 0, 0, 0}, nf: []int{0, 0, 0, 0, 0, 1, 2, 0}, handS: 5, handN: 5}.pos(t)
	wantMoves(t, p, "3L", "3R")
	q := mustPlay(t, p, "3R")
	wantSide(t, q, South, []int{1, 0, 2, 0, 0, 0, 0, 0}, nil)
	wantSide(t, q, North, []int{0, 0, 0, 0, 0, 0, 2, 0}, nil)
	if q.Hand(South) != 4 || q.ToMove() != North || q.Status() != Ongoing {
		t.Errorf("B1: %s", q.String())
	}
	// 2. The kichwa is occupied and faces an empty pit: it is relayed
	// towards the centre (S6.4): 3 seeds to pits 2, 3, 4.
	p = bz{sf: []int{2, 0, 1, 0, 0, 0, 0, 0}, nf: []int{0, 0, 0, 0, 0, 1, 2, 0}, handS: 5, handN: 5}.pos(t)
	q = mustPlay(t, p, "3R")
	wantSide(t, q, South, []int{0, 1, 3, 1, 0, 0, 0, 0}, nil)
	wantSide(t, q, North, []int{0, 0, 0, 0, 0, 0, 2, 0}, nil)
	// 3. The kichwa faces seeds: they are captured (S6.2) and sown from the
	// same kichwa: 3 seeds to 1, 2, 3; pit 3 faces the emptied pit 6 and
	// is relayed: 4, 5, 6.
	p = bz{sf: []int{2, 0, 1, 0, 0, 0, 0, 0}, nf: []int{0, 0, 0, 0, 0, 1, 2, 3}, handS: 5, handN: 5}.pos(t)
	wantMoves(t, p, "1R", "3L", "3R") // N3: pit 1 admits only R
	wantIllegal(t, p, "1L", KichwaDirection)
	wantIllegal(t, p, "2R", EmptyPit)
	wantIllegal(t, p, "1", DirectionNeeded) // N3: the engine asks for the letter
	q = mustPlay(t, p, "3R")
	wantSide(t, q, South, []int{4, 1, 0, 1, 1, 1, 0, 0}, nil)
	wantSide(t, q, North, []int{0, 0, 0, 0, 0, 0, 2, 0}, nil)
	if q.Seeds() != p.Seeds() {
		t.Errorf("seeds %d, want %d", q.Seeds(), p.Seeds())
	}
}

// D: a capture from the nyumba is compulsory (S4,
// docs/sources/seed-000.md#line-381 (000:381)), and a takasa lap ending in the
// functional nyumba ends the move (S8, docs/sources/seed-000.md#line-429
// (000:429)).
func TestBaoNyumbaStops(t *testing.T) {
	p := bz{sf: []int{0, 0, 0, 0, 6, 2, 0, 0}, nf: []int{2, 0, 0, 1, 0, 0, 0, 0}, handS: 5, handN: 5, ownedS: true, ownedN: true}.pos(t)
	wantMoves(t, p, "5L", "5R")
	wantIllegal(t, p, "6R", MustCapture)
	q := mustPlay(t, p, "5R") // one seed from the left kichwa, which was empty
	wantSide(t, q, South, []int{1, 0, 0, 0, 7, 2, 0, 0}, nil)
	wantSide(t, q, North, []int{2, 0, 0, 0, 0, 0, 0, 0}, nil)
	if !owned(q, South) || !owned(q, North) {
		t.Errorf("ownership: %v", q.Extra())
	}
	// Takasa: 3R sows 2 seeds into 4 and 5; the nyumba, now 7, stops it.
	p = bz{sf: []int{0, 0, 1, 0, 6, 0, 0, 0}, nf: []int{2, 0, 0, 0, 0, 0, 0, 0}, handS: 5, handN: 5, ownedS: true, ownedN: true}.pos(t)
	wantMoves(t, p, "3L", "3R")
	q = mustPlay(t, p, "3R")
	wantSide(t, q, South, []int{0, 0, 0, 1, 7, 0, 0, 0}, nil)
	if !owned(q, South) || q.ToMove() != North {
		t.Errorf("D: %v", q.Extra())
	}
	// Without a functional nyumba (not owned) pit 5 is an ordinary pit
	// (S4): only pits of 2 or more take the seed, and 5R lifts all 7 seeds:
	// 6, 7, 8, 16, 15, 14, 13.
	p = bz{sf: []int{0, 0, 1, 0, 6, 0, 0, 0}, nf: []int{2, 0, 0, 0, 0, 0, 0, 0}, handS: 5, handN: 5, ownedN: true}.pos(t)
	wantMoves(t, p, "5L", "5R")
	wantIllegal(t, p, "3R", SingletonPit)
	q = mustPlay(t, p, "5R")
	wantSide(t, q, South, []int{0, 0, 1, 0, 0, 1, 1, 1}, []int{0, 0, 0, 0, 1, 1, 1, 1})
}

// E: the tax (S8, docs/sources/seed-000.md#line-427 (000:427)): the nyumba is
// the only occupied front pit; with the placed seed it holds 7, 2 are sown, 5
// stay and it stays owned.
func TestBaoTax(t *testing.T) {
	p := bz{sf: []int{0, 0, 0, 0, 6, 0, 0, 0}, nf: []int{2, 0, 0, 0, 0, 0, 0, 0}, handS: 5, handN: 5, ownedS: true, ownedN: true}.pos(t)
	wantMoves(t, p, "5L", "5R")
	q := mustPlay(t, p, "5R")
	wantSide(t, q, South, []int{0, 0, 0, 0, 5, 1, 1, 0}, nil)
	if !owned(q, South) || q.Hand(South) != 4 {
		t.Errorf("E: %v", q.Extra())
	}
	q = mustPlay(t, p, "5L")
	wantSide(t, q, South, []int{0, 0, 1, 1, 5, 0, 0, 0}, nil)
	// namua_restrictions=false: the nyumba is taxed whenever chosen while
	// functional, even with other occupied pits (S4).
	p = bz{sf: []int{0, 0, 1, 0, 6, 0, 0, 0}, nf: []int{2, 0, 0, 0, 0, 0, 0, 0}, handS: 5, handN: 5, ownedS: true, ownedN: true,
		opts: Options{"namua_restrictions": "false"}}.pos(t)
	wantMoves(t, p, "3L", "3R", "5L", "5R")
	q = mustPlay(t, p, "5R")
	wantSide(t, q, South, []int{0, 0, 1, 0, 5, 1, 1, 0}, nil)
}

// F: the safari choice (S6.3, S9, N4, docs/sources/seed-000.md#line-431
// (000:431)). 3R captures North pit 6's 5 seeds, sown from the left kichwa to
// pits 1..5: the lap ends in the functional nyumba, facing an empty pit.
func TestBaoSafari(t *testing.T) {
	b := bz{sf: []int{0, 0, 1, 0, 6, 0, 0, 0}, nf: []int{2, 0, 0, 0, 0, 5, 0, 0}, handS: 5, handN: 5, ownedS: true, ownedN: true}
	p := b.pos(t)
	wantMoves(t, p, "3L", "3R", "3R+")
	wantIllegal(t, p, "3L+", PlusNotAllowed)
	q := mustPlay(t, p, "3R")
	wantSide(t, q, South, []int{1, 1, 3, 1, 7, 0, 0, 0}, nil)
	wantSide(t, q, North, []int{2, 0, 0, 0, 0, 0, 0, 0}, nil)
	if !owned(q, South) {
		t.Error("3R: the nyumba should still be owned")
	}
	q = mustPlay(t, p, "3R+") // 7 seeds: 6, 7, 8, 16, 15, 14, 13
	wantSide(t, q, South, []int{1, 1, 3, 1, 0, 1, 1, 1}, []int{0, 0, 0, 0, 1, 1, 1, 1})
	if owned(q, South) || !owned(q, North) {
		t.Errorf("3R+: ownership %v", q.Extra())
	}
	marks := q.Marks()
	if len(marks) != 1 || marks[0] != (Mark{Cell: 16 + 4, Kind: MarkNyumba, Side: North}) {
		t.Errorf("marks = %v", marks)
	}
	// namua_house=stop: the move always stops; "+" is refused.
	b.opts = Options{"namua_house": "stop"}
	p = b.pos(t)
	wantMoves(t, p, "3L", "3R")
	wantIllegal(t, p, "3R+", PlusNotAllowed)
}

// S7 house_capture=immune: a functional nyumba is not captured, and a
// placement facing it is a takasa.
func TestBaoHouseImmune(t *testing.T) {
	b := bz{sf: []int{0, 0, 0, 1, 0, 0, 2, 0}, nf: []int{2, 0, 0, 0, 6, 0, 0, 0}, handS: 5, handN: 5, ownedS: false, ownedN: true}
	p := b.pos(t)
	wantMoves(t, p, "4L", "4R") // S4 pit 4 faces North's nyumba (pit 5)
	q := mustPlay(t, p, "4R")
	if owned(q, North) || q.Pit(North, 5) != 0 {
		t.Errorf("allowed: %v", q.String())
	}
	b.opts = Options{"house_capture": "immune"}
	p = b.pos(t)
	wantMoves(t, p, "7L", "7R") // a takasa: pits of 2 or more only
	wantIllegal(t, p, "4R", SingletonPit)
}

// S2 house_seeds=8: the Malawi setup, 20 in hand.
func TestBaoHouseSeeds(t *testing.T) {
	p := MustNew("bao", Options{"house_seeds": "8"}).Start()
	if p.Pit(South, 5) != 8 || p.Hand(South) != 20 || p.Seeds() != 64 {
		t.Errorf("start: %s", p.String())
	}
	wantMoves(t, p, "6L", "6R", "7L", "7R")
}

// S12: a takasa from the only occupied front pit, a kichwa, must go to the
// centre; suicide=allowed makes it legal and losing. Mtaji stage.
func TestBaoSuicide(t *testing.T) {
	b := bz{sf: []int{3, 0, 0, 0, 0, 0, 0, 0}, sb: []int{0, 0, 0, 0, 0, 0, 0, 0}, nf: []int{2, 0, 0, 0, 0, 0, 0, 0}}
	p := b.pos(t)
	wantMoves(t, p, "1R")
	wantIllegal(t, p, "1L", FrontRowEmptied)
	b.opts = Options{"suicide": "allowed"}
	p = b.pos(t)
	wantMoves(t, p, "1L", "1R")
	q := mustPlay(t, p, "1L")
	if q.Status() != NorthWon || q.EndReason() != EndFrontRowEmpty {
		t.Errorf("suicide: %s %s", q.Status(), q.EndReason())
	}
}

// E1 and wipe: a capture that empties the opponent's front row stops the
// move at once; with wipe=continue the move is played to its end.
func TestBaoWipe(t *testing.T) {
	// Mtaji: 2R from pit 2 (2 seeds) ends in pit 4 (1 seed) facing North
	// pit 5 (3 seeds), North's only front seeds: captured, sown from the
	// left kichwa? No: pit 4 is not a kimbi, the direction (clockwise) is
	// kept: left kichwa, pits 1, 2, 3; pit 3 was empty.
	b := bz{sf: []int{0, 2, 0, 1, 0, 0, 0, 0}, nf: []int{0, 0, 0, 0, 3, 0, 0, 0}, nb: []int{2, 0, 0, 0, 0, 0, 0, 0}}
	p := b.pos(t)
	wantMoves(t, p, "2R")
	q := mustPlay(t, p, "2R")
	wantSide(t, q, South, []int{1, 1, 2, 2, 0, 0, 0, 0}, nil)
	if q.Status() != SouthWon || q.EndReason() != EndFrontRowEmpty {
		t.Errorf("wipe=stop: %s", q.String())
	}
	// With continue the lap ending in pit 3 (2 seeds, facing nothing)
	// relays: 4, 5; pit 5 was empty.
	b.opts = Options{"wipe": "continue"}
	q = mustPlay(t, b.pos(t), "2R")
	wantSide(t, q, South, []int{1, 1, 0, 3, 1, 0, 0, 0}, nil)
	if q.Status() != SouthWon {
		t.Errorf("wipe=continue: %s", q.String())
	}
}

// S10, S11: the mtaji stage. The rule of 16, front row first, compulsion.
func TestBaoMtaji(t *testing.T) {
	// 16 seeds in pit 9 is never a capture; pit 2 (2 seeds) 2R ends in pit
	// 4 facing North pit 5.
	p := bz{sf: []int{0, 2, 0, 1, 0, 0, 0, 0}, sb: []int{16, 0, 0, 0, 0, 0, 0, 0}, nf: []int{2, 0, 0, 0, 3, 0, 0, 0}}.pos(t)
	wantMoves(t, p, "2R")
	wantIllegal(t, p, "9L", MustCapture)
	wantIllegal(t, p, "4R", SingletonPit)
	wantIllegal(t, p, "2R+", PlusNotAllowed)
	// No capture: the front row first.
	p = bz{sf: []int{0, 2, 0, 0, 0, 0, 0, 0}, sb: []int{3, 0, 0, 0, 0, 0, 0, 0}, nf: []int{0, 0, 0, 0, 0, 0, 0, 2}}.pos(t)
	wantMoves(t, p, "2L", "2R")
	wantIllegal(t, p, "9L", FrontRowFirst)
}

// S14 E2: a player with only singletons and no hand loses.
func TestBaoNoMoves(t *testing.T) {
	r := MustNew("bao", nil)
	s := Setup{ToMove: South, Pits: [][]int{k16([]int{1, 0, 0, 0, 0, 0, 0, 0}, bzNone), k16([]int{2, 0, 0, 0, 0, 0, 0, 0}, bzNone)},
		Stores: []int{0, 0}, Extra: map[string]json.RawMessage{"hand": json.RawMessage(`{"south":0,"north":0}`)}}
	if _, err := NewPosition(r, s); err == nil {
		t.Error("a position with no legal move accepted as ongoing")
	}
	s.Status = NorthWon
	if _, err := NewPosition(r, s); err != nil {
		t.Error(err)
	}
}

func TestBaoExtraErrors(t *testing.T) {
	r := MustNew("bao", nil)
	for _, e := range []string{`{"hand":{"south":1}}`, `{"nyumba_owned":3}`, `{"takasia":{"side":"east","pit":4}}`, `{"takasia":{"side":"north","pit":17}}`, `{"x":1}`} {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(e), &m); err != nil {
			t.Fatal(err)
		}
		s := MustNew("bao", nil).Start().Setup()
		s.Extra = m
		if _, err := NewPosition(r, s); err == nil {
			t.Errorf("%s accepted", e)
		}
	}
}

func TestBaoNoAllocs(t *testing.T) {
	for _, inf := range []string{"draw", "illegal"} {
		r := MustNew("bao", Options{"infinite": inf})
		p := mustPlay(t, r.Start(), "6L", "6R")
		var buf [MaxMoves]Move
		q := new(Position)
		m := p.Moves()[0]
		if n := testing.AllocsPerRun(20, func() {
			_ = r.AppendMoves(&p, buf[:0])
			*q = p
			r.Apply(q, m, nil)
			_ = q.Key()
		}); n != 0 {
			t.Errorf("infinite=%s: %v allocations per move", inf, n)
		}
	}
}

// R2 in the mtaji stage: kujifunza_test.go's never-ending 7R, on a board
// without nyumba or takasia, where bao's takasa is kujifunza's (S11).
func TestBaoNeverEnding(t *testing.T) {
	b := bz{south16: kNeverEnding.south, north16: kNeverEnding.north}
	for _, c := range []struct {
		infinite string
		status   Status
	}{{"draw", Draw}, {"loss", NorthWon}} {
		b.opts = Options{"infinite": c.infinite}
		p := b.pos(t)
		wantMoves(t, p, "2L", "2R", "5L", "5R", "7L", "7R")
		q, ev, err := p.PlayEvents(Move{Pit: 7, Dir: DirRight})
		if err != nil {
			t.Fatal(err)
		}
		if q.cells != p.cells || q.aux != p.aux || q.Ply() != 1 || q.ToMove() != North || q.Status() != c.status || q.EndReason() != EndNeverEnding {
			t.Errorf("infinite=%s: %s (%s)", c.infinite, q.String(), q.EndReason())
		}
		if len(ev) != 1 || ev[0].Kind != EventEnd {
			t.Errorf("infinite=%s: events %v", c.infinite, ev)
		}
	}
	b.opts = Options{"infinite": "illegal"}
	p := b.pos(t)
	wantMoves(t, p, "2L", "2R", "5L", "5R", "7L")
	wantIllegal(t, p, "7R", NeverEnding)
}

// R1: the third occurrence of a position is a draw (Game applies it).
func TestBaoRepetitionLimit(t *testing.T) {
	if n := MustNew("bao", nil).RepetitionLimit(); n != 3 {
		t.Errorf("RepetitionLimit = %d", n)
	}
}

// A: the kibao.org takasia example (S13), quoted by NP. The printed board
// (top row North's back row, seen from South) is the position after South's
// 7L; it is replayed from the position before it: South pits 5, 6 empty and
// 7 holding 2. North front pits 8..1 are printed left to right, North back
// pits 16..9. Nyumba ownership is not given; both are taken as lost.
func TestBaoTakasiaKibao(t *testing.T) {
	b := bz{
		sf: []int{0, 2, 0, 0, 0, 0, 2, 0}, sb: []int{0, 0, 2, 2, 0, 2, 6, 4},
		nf: []int{1, 0, 1, 2, 10, 0, 0, 10}, nb: []int{2, 2, 8, 4, 1, 2, 1, 0},
	}
	p := b.pos(t)
	wantMoves(t, p, "2L", "2R", "7L", "7R") // no capture before: a takasa (S11)
	q := mustPlay(t, p, "7L")
	// The board after 7L, as printed.
	wantSide(t, q, South, []int{0, 2, 0, 0, 1, 1, 0, 0}, []int{0, 0, 2, 2, 0, 2, 6, 4})
	wantSide(t, q, North, []int{1, 0, 1, 2, 10, 0, 0, 10}, []int{2, 2, 8, 4, 1, 2, 1, 0})
	// South's only capture is 16R (4 seeds counter-clockwise: 8, 7, 6, 5),
	// ending in the occupied pit 5 facing North pit 4's 2 seeds.
	asSouth := q
	asSouth.toMove = South
	asSouth.aux[kiswBlock] = 0
	wantMoves(t, asSouth, "16R")
	// North pit 4 is takasia'd.
	if got := q.Marks(); !slices.Contains(got, Mark{Cell: 16 + 3, Kind: MarkBlocked, Side: North}) {
		t.Fatalf("marks = %v, want North pit 4 blocked", got)
	}
	if tk := q.Extra()["takasia"].(*kiswTakasia); tk == nil || *tk != (kiswTakasia{"north", 4}) {
		t.Errorf("extra.takasia = %v", q.Extra()["takasia"])
	}
	// North's moves are exactly the two 10-seed front pits (S13: not from P).
	wantMoves(t, q, "5L", "5R", "8L", "8R")
	wantIllegal(t, q, "4L", TakasiaPit)
	wantIllegal(t, q, "4R", TakasiaPit)
	for _, m := range []string{"5L", "5R", "8L", "8R"} {
		r := mustPlay(t, q, m)
		if r.Status() != Ongoing {
			t.Fatalf("%s: %s", m, r.String())
		}
		if r.aux[kiswBlock] != 16+4 {
			t.Errorf("%s: the takasia should last until South's move", m)
		}
		if r.Pit(North, 4) < 2 { // seeds may be sown into P, never lifted from it
			t.Errorf("%s: North pit 4 holds %d", m, r.Pit(North, 4))
		}
		// Every legal South move captures the blocked pit.
		moves := r.Moves()
		if len(moves) == 0 {
			t.Fatalf("%s: South has no move", m)
		}
		for _, sm := range moves {
			s, ev, err := r.PlayEvents(sm)
			if err != nil {
				t.Fatal(err)
			}
			took := false
			for _, e := range ev {
				took = took || e.Kind == EventCapture && e.Cell == 16+3
			}
			if !took {
				t.Errorf("after %s, South's %s does not capture North pit 4: %v", m, sm, ev)
			}
			if s.aux[kiswBlock] != 0 {
				t.Errorf("after %s %s: the takasia outlived South's move", m, sm)
			}
		}
	}
	// The capture (16R; North's 8L in between changes nothing on South's
	// side) is sown from the right kichwa, the move going counter-clockwise:
	// the first seeds into pits 8 and 7 (cells 7 and 6).
	r := mustPlay(t, q, "8L")
	_, ev, err := r.PlayEvents(Move{Pit: 16, Dir: DirRight})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(ev, func(e Event) bool { return e.Kind == EventCapture && e.Cell == 16+3 }) {
		t.Errorf("16R does not capture North pit 4: %v", ev)
	}
	for i, e := range ev {
		if e.Kind == EventCapture {
			if i+2 >= len(ev) || ev[i+1].Kind != EventSow || ev[i+1].Cell != 7 || ev[i+2].Cell != 6 {
				t.Errorf("captured seeds not sown from the right kichwa: %v", ev)
			}
			break
		}
	}
	// takasia=false: no block; North may play pit 4.
	b.opts = Options{"takasia": "false"}
	q = mustPlay(t, b.pos(t), "7L")
	wantMoves(t, q, "4L", "4R", "5L", "5R", "8L", "8R")
	if len(q.Marks()) != 0 {
		t.Errorf("takasia=false: marks %v", q.Marks())
	}
}

// S12 in the namua stage: after the seed is placed, a lone kichwa is sown
// towards the centre; with suicide=allowed the other way loses.
func TestBaoNamuaSuicide(t *testing.T) {
	b := bz{sf: []int{0, 0, 0, 0, 0, 0, 0, 2}, nf: []int{0, 2, 0, 0, 0, 0, 0, 0}, handS: 3, handN: 3}
	p := b.pos(t)
	wantMoves(t, p, "8L")
	wantIllegal(t, p, "8R", FrontRowEmptied)
	b.opts = Options{"suicide": "allowed"}
	p = b.pos(t)
	wantMoves(t, p, "8L", "8R")
	q := mustPlay(t, p, "8R") // 3 seeds: 16, 15, 14
	wantSide(t, q, South, bzNone, []int{0, 0, 0, 0, 0, 1, 1, 1})
	if q.Status() != NorthWon || q.EndReason() != EndFrontRowEmpty || q.Hand(South) != 2 {
		t.Errorf("suicide: %s", q.String())
	}
}

func FuzzBao(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(LowerRelayLapBound(1 << 8))
	// options bytes: o (infinite o%3, suicide bit 2, wipe bit 3, takasia bit
	// 4, namua_house bit 5, house_capture bit 6, namua_restrictions bit 7),
	// o2 (house_seeds bit 0); layout flag; then move bytes.
	fzCorpus(f,
		[]byte{0, 0, 0},
		[]byte{0x10 | 0x20, 1, 0, 5, 9, 200, 3, 1},
		[]byte{2 | 4 | 8 | 0x40 | 0x80, 0, 0},
		// a layout with hands: South's 16 pits, a store byte, North's, a
		// store byte, side to move, ply, hands, ownership, takasia
		[]byte{0, 0, 1, 0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 6, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o, o2 := r.next(), r.next()
		opts := Options{
			"infinite":           []string{"draw", "loss", "illegal"}[int(o)%3],
			"suicide":            []string{"forbidden", "allowed"}[o>>2&1],
			"wipe":               []string{"stop", "continue"}[o>>3&1],
			"takasia":            fzBool(^o >> 4),
			"namua_house":        []string{"choice", "stop"}[o>>5&1],
			"house_capture":      []string{"allowed", "immune"}[o>>6&1],
			"namua_restrictions": fzBool(^o >> 7),
			"house_seeds":        []string{"6", "8"}[o2&1],
		}
		fzRun(t, "bao", opts, r)
	})
}
