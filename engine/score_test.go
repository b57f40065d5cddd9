package engine_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// TestFinalMargin: South's margin by each kind of count, worked out by
// hand: the stores (Kalah), the rules' scores (Selus: store and owned
// wegues), the seeds on each side without stores (Bao la Kujifunza), and
// all the seeds in play where the rules named a winner the count does not
// favour.
func TestFinalMargin(t *testing.T) {
	ones := []int{1, 1, 1, 1, 1, 1}
	kujiSouth, kujiNorth := slices.Repeat([]int{2}, 16), slices.Repeat([]int{1}, 16)
	for _, tc := range []struct {
		name string
		pos  func(t *testing.T) engine.Position
		want int
	}{
		{"kalah, under way: the stores", func(t *testing.T) engine.Position {
			return setup(t, "kalah", nil, engine.Setup{Pits: [][]int{ones, ones}, Stores: []int{20, 16}})
		}, 4},
		{"kalah, finished", func(t *testing.T) engine.Position {
			return setup(t, "kalah", nil, engine.Setup{Pits: [][]int{make([]int, 6), make([]int, 6)}, Stores: []int{30, 18}, Status: engine.SouthWon})
		}, 12},
		{"bao la kujifunza, under way: the seeds on each side", func(t *testing.T) engine.Position {
			return setup(t, "bao-kujifunza", nil, engine.Setup{Pits: [][]int{kujiSouth, kujiNorth}})
		}, 32 - 16},
		{"bao la kiswahili, the seeds in hand count", func(t *testing.T) engine.Position {
			// From the start (22 in each hand), South's 6L places a seed
			// from its hand and captures nothing: each side still owns 32
			// seeds, South 11 on its rows and 21 in hand, North 10 and 22.
			p, err := engine.MustNew("bao", nil).Start().Play(engine.Move{Pit: 6, Dir: engine.DirLeft})
			if err != nil || p.Hand(engine.South) != 21 || p.PitSeeds(engine.South) != 11 || p.PitSeeds(engine.North) != 10 {
				t.Fatalf("6L: %v\n%s", err, p.String())
			}
			return p
		}, 0},
		{"bao la kujifunza, won by the side with fewer seeds: all of them", func(t *testing.T) engine.Position {
			return setup(t, "bao-kujifunza", nil, engine.Setup{Pits: [][]int{kujiSouth, kujiNorth}, Status: engine.NorthWon})
		}, -48},
		{"selus, won by North on the count while South's store leads", func(t *testing.T) engine.Position {
			// A recorded game one move from its end (Expert against
			// Hard; search's TestResultMarginScores): North's 4 ends it.
			// The stores alone would give South the win (16 to 14); the
			// count of stores and owned wegues gives North 34 to 20.
			p, err := engine.ParsePosition([]byte(`{"variant":"selus","options":{"weak_traps":false},"to_move":"north","ply":45,` +
				`"pits":{"south":[0,0,0,0,4,0,6,4,0],"north":[0,0,0,1,3,0,4,0,4]},"stores":{"south":16,"north":12},"status":"ongoing",` +
				`"extra":{"opening":{"north":false,"south":false},"wegue":{"north":["","","","","north","","north","","north"],` +
				`"south":["","","","","north","","north","south",""]}}}`))
			if err != nil {
				t.Fatal(err)
			}
			q, err := p.Play(engine.Move{Pit: 4})
			if err != nil || q.Status() != engine.NorthWon {
				t.Fatalf("north 4: %v %s", err, q.Status())
			}
			return q
		}, -14},
		{"afrika misere, the bigger store loses: all the seeds", func(t *testing.T) engine.Position {
			p := setup(t, "afrika", engine.Options{"misere": "true"}, engine.Setup{Pits: [][]int{{0, 1, 0, 0, 0, 0, 0, 2}, {0, 0, 0, 0, 0, 0, 0, 3}}, Stores: []int{63, 59}})
			q, err := p.Play(engine.Move{Pit: 16})
			if err != nil || q.Status() != engine.NorthWon {
				t.Fatalf("misere capture: %v %s", err, q.Status())
			}
			return q
		}, -128},
		{"ruma, two players, under way: the nearer seat to an empty row", func(t *testing.T) engine.Position {
			// South's player's nearer seat is South (3 seeds on its row,
			// North 30); East's player's is West (6, East 24): South's
			// player leads by 6 - 3. The stores do not count.
			return rumaPosition(t, "ongoing", []int{1, 0, 0, 0, 0, 2}, []int{4, 4, 4, 4, 4, 4}, []int{5, 5, 5, 5, 5, 5}, []int{2, 2, 2, 0, 0, 0})
		}, 3},
		{"ruma, two players, won by East and West: all the seeds", func(t *testing.T) engine.Position {
			return rumaPosition(t, "east_won", []int{1, 0, 0, 0, 0, 2}, []int{4, 4, 4, 4, 4, 4}, []int{5, 5, 5, 5, 5, 5}, []int{2, 2, 2, 0, 0, 0})
		}, -96},
		{"ruma, two players, won by South and North: all the seeds", func(t *testing.T) engine.Position {
			return rumaPosition(t, "south_won", []int{1, 0, 0, 0, 0, 2}, []int{4, 4, 4, 4, 4, 4}, []int{5, 5, 5, 5, 5, 5}, []int{2, 2, 2, 0, 0, 0})
		}, 96},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.pos(t).FinalMargin(); got != tc.want {
				t.Errorf("FinalMargin() = %d, want %d", got, tc.want)
			}
		})
	}
}

// rumaPosition is a Ruma position with players=2, the given status
// ("ongoing", "south_won", "east_won") and rows, the rumas holding 10, 10,
// 8 and 5 seeds (96 in all with the rows of the cases above), West to
// move.
func rumaPosition(t *testing.T, status string, south, east, north, west []int) engine.Position {
	t.Helper()
	row := func(r []int) string { b, _ := json.Marshal(r); return string(b) }
	p, err := engine.ParsePosition([]byte(`{"variant":"ruma","options":{"players":2},"to_move":"west","ply":40,` +
		`"pits":{"south":` + row(south) + `,"east":` + row(east) + `,"north":` + row(north) + `,"west":` + row(west) + `},` +
		`"stores":{"south":10,"east":10,"north":8,"west":5},"status":"` + status + `"}`))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// setup builds a position of variant id with options opts, failing t on an
// error.
func setup(t *testing.T, id string, opts engine.Options, s engine.Setup) engine.Position {
	t.Helper()
	p, err := engine.NewPosition(engine.MustNew(id, opts), s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestStandingMargin: a game under way is scored as it stands, by the
// rules' aim: the stores in Kalah, and in Ohojitxi, where the aim is to
// shed seeds, the seeds each side holds counted against it (worked out by
// hand below); a finished game by FinalMargin.
func TestStandingMargin(t *testing.T) {
	ones := []int{1, 1, 1, 1, 1, 1}
	for _, tc := range []struct {
		name        string
		pos         func(t *testing.T) engine.Position
		want, final int
	}{
		{"kalah, under way: the stores", func(t *testing.T) engine.Position {
			return setup(t, "kalah", nil, engine.Setup{Pits: [][]int{ones, ones}, Stores: []int{20, 16}})
		}, 4, 4},
		{"kalah, finished", func(t *testing.T) engine.Position {
			return setup(t, "kalah", nil, engine.Setup{Pits: [][]int{make([]int, 6), make([]int, 6)}, Stores: []int{30, 18}, Status: engine.SouthWon})
		}, 12, 12},
		{"ohojitxi, under way with a drop in hand", func(t *testing.T) engine.Position {
			// South has just captured 4 and holds them to drop on North:
			// South holds the 4 seeds in its pits, North its own 40 and
			// the 4 about to land on it. South leads by 44 - 4 = 40; the
			// final count (seeds owned, hand included) says -32.
			p, err := engine.ParsePosition([]byte(`{"variant":"ohojitxi","to_move":"south","ply":31,` +
				`"pits":{"south":[0,1,0,3,0,0],"north":[10,8,6,8,4,4]},"stores":{"south":0,"north":0},"status":"ongoing",` +
				`"extra":{"drop":4,"last_drop":{"south":0,"north":0}}}`))
			if err != nil {
				t.Fatal(err)
			}
			return p
		}, 40, -32},
		{"ohojitxi, the start: level", func(t *testing.T) engine.Position {
			return engine.MustNew("ohojitxi", nil).Start()
		}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.pos(t)
			if got := p.StandingMargin(); got != tc.want {
				t.Errorf("StandingMargin() = %d, want %d", got, tc.want)
			}
			if got := p.FinalMargin(); got != tc.final {
				t.Errorf("FinalMargin() = %d, want %d", got, tc.final)
			}
		})
	}
}
