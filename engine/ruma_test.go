package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The variant's rows of TestPerftTable and BenchmarkPerft, and its fuzz
// target (pieces_test.go).
func init() {
	// Ruma: six moves (every pocket's 4 seeds end beside others); the
	// counts beyond are confirmed by reference_ruma_test.go.
	addPerft("ruma", perftRow{nil, []uint64{6, 36, 216, 1182, 5086, 22570}})
	addBench("ruma", benchRow{"ruma", nil, 8})
	addFuzz("ruma", FuzzRuma)
}

// Hand-worked Ruma positions (docs/sources/more-games-rules.md §4, rule numbers
// in the test names, and the Ruma vector of §14).

// rumaJSON builds a Ruma position from rows given in S, E, N, W order,
// the rumas in the same order, the seat to move and an extra object.
func rumaJSON(t *testing.T, opts string, toMove string, rows [4][6]int, rumas [4]int, extra string) Position {
	t.Helper()
	names := []string{"south", "east", "north", "west"}
	var pits, stores []string
	for i, n := range names {
		b, _ := json.Marshal(rows[i])
		pits = append(pits, fmt.Sprintf("%q:%s", n, b))
		stores = append(stores, fmt.Sprintf("%q:%d", n, rumas[i]))
	}
	if extra == "" {
		extra = "{}"
	}
	if opts == "" {
		opts = "{}"
	}
	j := fmt.Sprintf(`{"variant":"ruma","options":%s,"to_move":%q,"pits":{%s},"stores":{%s},"extra":%s}`,
		opts, toMove, strings.Join(pits, ","), strings.Join(stores, ","), extra)
	p, err := ParsePosition([]byte(j))
	if err != nil {
		t.Fatalf("ParsePosition(%s): %v", j, err)
	}
	return p
}

var full6 = [6]int{4, 4, 4, 4, 4, 4}

// The position JSON of §4: South plays 3 from the start.
func TestRumaJSON(t *testing.T) {
	p := mustPlay(t, MustNew("ruma", nil).Start(), "3")
	got, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"variant":"ruma","options":{"penalty_limit":12,"players":4,"seeds":4},"to_move":"east","ply":1,` +
		`"pits":{"south":[4,4,0,5,5,5],"east":[4,4,4,4,4,4],"north":[4,4,4,4,4,4],"west":[4,4,4,4,4,4]},` +
		`"stores":{"south":1,"east":0,"north":0,"west":0},"status":"ongoing",` +
		`"extra":{"out":[],"penalty":{"south":0,"east":0,"north":0,"west":0},"penalty_pits":{"south":0,"east":0,"north":0,"west":0}}}`
	if string(got) != want {
		t.Errorf("JSON\n got %s\nwant %s", got, want)
	}
	q, err := ParsePosition(got)
	if err != nil || q != p {
		t.Errorf("round trip: %v, equal %v", err, q == p)
	}
}

// Rules 1 and 5: the 28-cell cycle, a seed into every ruma passed.
func TestRumaRule1And5Sowing(t *testing.T) {
	p := rumaJSON(t, "", "south", [4][6]int{{0, 0, 0, 0, 0, 12}, full6, full6, full6}, [4]int{}, "")
	q, ev, err := p.PlayEvents(Move{Pit: 6})
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[Side][]int{South: {0, 0, 0, 0, 0, 0}, East: {5, 5, 5, 5, 5, 5}, North: {5, 5, 5, 5, 4, 4}, West: {4, 4, 4, 4, 4, 4}} {
		var got []int
		for i := 1; i <= 6; i++ {
			got = append(got, q.Pit(s, i))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s pits %v, want %v", s, got, want)
		}
	}
	if q.Store(South) != 1 || q.Store(East) != 1 || q.Store(North) != 0 {
		t.Errorf("rumas S %d E %d N %d, want 1 1 0", q.Store(South), q.Store(East), q.Store(North))
	}
	if q.Status() != SouthWon || q.EndReason() != EndEmptySide { // rule 8 too
		t.Errorf("status %s (%s), want south_won (empty_side)", q.Status(), q.EndReason())
	}
	checkEvents(t, ev, []string{"pickup 12 from 5", "sow 6", "sow 7", "sow 13", "sow 15", "end south_won (empty_side)"})

	// 28 or more seeds: one lap sows the origin pocket like any other.
	p = rumaJSON(t, "", "south", [4][6]int{{1, 30, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}, {1, 0, 0, 0, 0, 0}}, [4]int{}, "")
	q = mustPlay(t, p, "2")
	if q.Pit(South, 2) != 1 || q.Pit(South, 3) != 2 || q.Pit(South, 4) != 2 || q.Pit(South, 5) != 1 || q.Store(West) != 1 {
		t.Errorf("30 seeds: %s", describe(&q))
	}
}

// Rule 2: the start, and the penalty limit that depends on the seeds.
func TestRumaRule2Start(t *testing.T) {
	for _, c := range []struct {
		opts  Options
		seeds int
		limit string
	}{
		{nil, 4, "12"}, {Options{"seeds": "3"}, 3, "12"}, {Options{"seeds": "2"}, 2, "6"},
		{Options{"seeds": "2", "penalty_limit": "9"}, 2, "9"}, {Options{"penalty_limit": "6"}, 4, "6"},
		{Options{"seeds": "2", "penalty_limit": "12"}, 2, "12"}, // given: it stands
	} {
		r := MustNew("ruma", c.opts)
		p := r.Start()
		if p.Seeds() != 24*c.seeds || p.Pit(West, 6) != c.seeds || p.Store(East) != 0 || r.Options()["penalty_limit"] != c.limit {
			t.Errorf("%v: seeds %d, options %v", c.opts, p.Seeds(), r.Options())
		}
	}
	if MustNew("ruma", Options{"seeds": "2"}) != MustNew("ruma", Options{"seeds": "2", "penalty_limit": "6"}) {
		t.Error("seeds=2 without a limit and with the limit 6 give different rules")
	}
	if _, err := New("ruma", Options{"players": "3"}); err == nil {
		t.Error("players=3 accepted")
	}
}

// Rules 3 and 4: turn order South, East, North, West; South first.
func TestRumaRule4TurnOrder(t *testing.T) {
	p := MustNew("ruma", nil).Start()
	var order []Side
	for _, m := range []string{"1", "1", "1", "1", "2"} {
		order = append(order, p.ToMove())
		p = mustPlay(t, p, m)
	}
	if want := []Side{South, East, North, West, South}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if RumaNext(West) != South || RumaNext(South) != East || RumaNext(East) != North || RumaNext(North) != West {
		t.Error("RumaNext")
	}
}

// Rule 6 and the §14 vector: South [1,0,2,0,2,1] may play 3 5 6 (pocket 1
// would end alone); after South 6 East, whose one seed would end alone,
// passes: a penalty, one seed from its ruma to its penalty pit; North moves.
func TestRumaRule6And9Vector(t *testing.T) {
	p := rumaJSON(t, "", "south", [4][6]int{{1, 0, 2, 0, 2, 1}, {0, 0, 1, 0, 0, 0}, full6, full6}, [4]int{0, 2, 0, 0}, "")
	wantMoves(t, p, "3", "5", "6")
	wantIllegal(t, p, "1", LoneSeed)
	wantIllegal(t, p, "2", EmptyPit)
	wantIllegal(t, p, "7", NoSuchPit)
	wantIllegal(t, p, "3L", NeedsNoDirection)
	q, ev, err := p.PlayEvents(Move{Pit: 6})
	if err != nil {
		t.Fatal(err)
	}
	if q.ToMove() != North || q.Penalties(East) != 1 || q.Store(East) != 1 || q.Cell(rumaPenPit(East)) != 1 || q.Ply() != 1 {
		t.Errorf("after South 6: %s", describe(&q))
	}
	checkEvents(t, ev, []string{"sow 6", "penalty east: 1 to 29"})
	// Rule 6, any row: a last seed on an opponent's pocket holding 1 is legal.
	p = rumaJSON(t, "", "south", [4][6]int{{0, 0, 0, 0, 0, 3}, {0, 1, 0, 0, 0, 0}, full6, full6}, [4]int{}, "")
	wantMoves(t, p, "6")
}

// Rule 7: no capture, no extra turn.
func TestRumaRule7(t *testing.T) {
	p := MustNew("ruma", nil).Start()
	q := mustPlay(t, p, "3") // the last seed in South's ruma
	if q.ToMove() != East || q.Seeds() != 96 {
		t.Errorf("after 3: %s", describe(&q))
	}
}

// Rule 8: the mover who empties its row wins; players=2: its player.
func TestRumaRule8EmptyRow(t *testing.T) {
	rows := [4][6]int{full6, full6, {0, 0, 0, 0, 0, 1}, full6}
	for _, c := range []struct {
		opts string
		want Status
	}{{`{"players":4}`, NorthWon}, {`{"players":2}`, SouthWon}} {
		p := rumaJSON(t, c.opts, "north", rows, [4]int{}, "")
		q := mustPlay(t, p, "6")
		if q.Status() != c.want || q.EndReason() != EndEmptySide {
			t.Errorf("%s: %s (%s), want %s", c.opts, q.Status(), q.EndReason(), c.want)
		}
	}
	// A position with an empty row cannot be "ongoing".
	j := `{"variant":"ruma","pits":{"west":[0,0,0,0,0,0]},"to_move":"south"}`
	if _, err := ParsePosition([]byte(j)); err == nil {
		t.Error("an ongoing position with an empty row accepted")
	}
}

// Rule 9: a pass with an empty ruma costs the point only; a to_move that
// would pass is refused in position JSON.
func TestRumaRule9EmptyRuma(t *testing.T) {
	p := rumaJSON(t, "", "south", [4][6]int{{1, 0, 2, 0, 2, 1}, {0, 0, 1, 0, 0, 0}, full6, full6}, [4]int{}, "")
	q := mustPlay(t, p, "6")
	if q.Penalties(East) != 1 || q.Store(East) != 0 || q.Cell(rumaPenPit(East)) != 0 || q.ToMove() != North {
		t.Errorf("%s", describe(&q))
	}
	j := `{"variant":"ruma","pits":{"south":[1,0,0,0,0,0]},"to_move":"south"}`
	if _, err := ParsePosition([]byte(j)); err == nil || !strings.Contains(err.Error(), "no legal move") {
		t.Errorf("a to_move without moves: %v", err)
	}
}

// Rule 10: elimination at the limit; the last seat standing wins; with
// players=2 a seat going out loses for its player.
func TestRumaRule10Elimination(t *testing.T) {
	rows := [4][6]int{{1, 0, 2, 0, 2, 1}, {0, 0, 1, 0, 0, 0}, full6, full6}
	p := rumaJSON(t, "", "south", rows, [4]int{0, 3, 0, 0}, `{"penalty":{"east":11}}`)
	q, ev, _ := p.PlayEvents(Move{Pit: 6})
	if !q.Out(East) || q.ToMove() != North || q.Status() != Ongoing || q.Penalties(East) != 12 {
		t.Errorf("east at 12: %s", describe(&q))
	}
	checkEvents(t, ev, []string{"penalty east: 1 to 29", "out east"})
	// An out seat is skipped and its row still receives seeds.
	q = mustPlay(t, q, "1")
	if q.ToMove() != West {
		t.Errorf("after north: %s to move", q.ToMove())
	}

	// North and West out: East's elimination leaves South alone.
	p = rumaJSON(t, "", "south", rows, [4]int{}, `{"penalty":{"east":11},"out":["north","west"]}`)
	q = mustPlay(t, p, "6")
	if q.Status() != SouthWon || q.EndReason() != EndSeatOut {
		t.Errorf("last seat: %s (%s)", q.Status(), q.EndReason())
	}
	// players=2: East out loses for East+West.
	p = rumaJSON(t, `{"players":2}`, "south", rows, [4]int{}, `{"penalty":{"east":11}}`)
	q = mustPlay(t, p, "6")
	if q.Status() != SouthWon || q.EndReason() != EndSeatOut {
		t.Errorf("players=2: %s (%s)", q.Status(), q.EndReason())
	}
	// seeds=2: the limit is 6.
	p = rumaJSON(t, `{"seeds":2}`, "south", rows, [4]int{}, `{"penalty":{"east":5}}`)
	if q = mustPlay(t, p, "6"); !q.Out(East) {
		t.Errorf("seeds=2, 6 penalties: %s", describe(&q))
	}
}

// Leaving (Position.Leave): the seat is out, its seeds stay, the turn passes
// on; the last seat wins; with players=2 leaving loses.
func TestRumaLeave(t *testing.T) {
	p := MustNew("ruma", nil).Start()
	q, ev, err := p.Leave(South)
	if err != nil || !q.Out(South) || q.ToMove() != East || q.Seeds() != 96 || q.Pit(South, 1) != 4 || q.Ply() != 0 {
		t.Fatalf("south leaves: %v %s", err, describe(&q))
	}
	checkEvents(t, ev, []string{"out south"})
	if _, _, err := q.Leave(South); err == nil {
		t.Error("a seat left twice")
	}
	q, _, _ = q.Leave(North)
	if q.ToMove() != East || q.Status() != Ongoing {
		t.Errorf("north leaves: %s", describe(&q))
	}
	q = mustPlay(t, q, "1")
	if q.ToMove() != West {
		t.Errorf("after east: %s to move", q.ToMove())
	}
	q, _, _ = q.Leave(East)
	if q.Status() != WestWon || q.EndReason() != EndSeatOut {
		t.Errorf("east leaves: %s", describe(&q))
	}
	if _, _, err := q.Leave(West); err == nil {
		t.Error("leaving a finished game")
	}
	p = MustNew("ruma", Options{"players": "2"}).Start()
	if q, _, _ = p.Leave(West); q.Status() != SouthWon {
		t.Errorf("players=2, west leaves: %s", q.Status())
	}
	if _, _, err := MustNew("kalah", nil).Start().Leave(South); err != ErrCannotLeave {
		t.Errorf("kalah: %v", err)
	}
}

func TestRumaString(t *testing.T) {
	s := MustNew("ruma", nil).Start().String()
	if !strings.Contains(s, "south to move") || strings.Count(s, "4") < 24 || !strings.Contains(s, "penalties:") {
		t.Errorf("String:\n%s", s)
	}
}

func TestRumaSeatsAPI(t *testing.T) {
	four, two := MustNew("ruma", nil), MustNew("ruma", Options{"players": "2"})
	if got := TurnOrder(four); !slices.Equal(got, []Side{South, East, North, West}) {
		t.Errorf("TurnOrder(ruma) = %v", got)
	}
	if got := TurnOrder(MustNew("kalah", nil)); !slices.Equal(got, []Side{South, North}) {
		t.Errorf("TurnOrder(kalah) = %v", got)
	}
	if got := TurnOrder(MustNew("tchuka", nil)); !slices.Equal(got, []Side{South}) {
		t.Errorf("TurnOrder(tchuka) = %v", got)
	}
	if _, ok := Partner(four, South); ok {
		t.Error("players=4: South has a partner")
	}
	if s, ok := Partner(two, South); !ok || s != North {
		t.Errorf("players=2: South's partner %s %v", s, ok)
	}
	if s, ok := Partner(two, West); !ok || s != East {
		t.Errorf("players=2: West's partner %s %v", s, ok)
	}
}

// Apply with a nil event list and AppendMoves with room allocate nothing,
// passes and penalties included.
func TestRumaNoAllocs(t *testing.T) {
	p := rumaJSON(t, "", "south", [4][6]int{{1, 0, 2, 0, 2, 1}, {0, 0, 1, 0, 0, 0}, full6, full6}, [4]int{0, 2, 0, 0}, "")
	r := p.Rules()
	buf := make([]Move, 0, MaxMoves)
	q := new(Position) // a local passed to an interface method would escape
	n := testing.AllocsPerRun(100, func() {
		*q = p
		r.Apply(q, Move{Pit: 6}, nil)
		buf = r.AppendMoves(q, buf[:0])
	})
	if n != 0 {
		t.Errorf("%v allocations", n)
	}
}

func TestRumaGameLeave(t *testing.T) {
	g := NewGame(MustNew("ruma", nil).Start())
	if _, err := g.Play(Move{Pit: 3}); err != nil {
		t.Fatal(err)
	}
	ev, err := g.Leave(East)
	if err != nil || len(ev) == 0 || !g.Position().Out(East) || g.Position().ToMove() != North || len(g.Moves()) != 1 {
		p := g.Position()
		t.Fatalf("leave: %v %v %s", ev, err, describe(&p))
	}
	if _, err := g.Leave(East); err == nil {
		t.Error("left twice")
	}
	if _, err := NewGame(MustNew("kalah", nil).Start()).Leave(South); err != ErrCannotLeave {
		t.Errorf("kalah: %v", err)
	}
}

// FuzzRuma plays Ruma from the start or a random layout (four rows, their
// rumas, South to move, or any seat with the side flag).
func FuzzRuma(f *testing.F) {
	// options byte: players (bit 0), seeds 2..4 (o>>1%3), penalty_limit
	// default or 1..3 (o>>3%4); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2 | 8, 0},
		[]byte{5 | 16, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := Options{
			"players": []string{"4", "2"}[o&1],
			"seeds":   fmt.Sprint(2 + int(o>>1)%3),
		}
		if k := int(o>>3) % 4; k > 0 {
			opts["penalty_limit"] = fmt.Sprint(k)
		}
		fzRun(t, "ruma", opts, r)
	})
}
