package store_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store"
)

// row is a stored row: Scan copies its values into dest as a driver
// would, each into a pointer of its own type.
type row []any

func (r row) Scan(dest ...any) error {
	if len(dest) != len(r) {
		return fmt.Errorf("scan: %d destinations for %d columns", len(dest), len(r))
	}
	for i, v := range r {
		d := reflect.ValueOf(dest[i]).Elem()
		if !reflect.TypeOf(v).AssignableTo(d.Type()) {
			return fmt.Errorf("scan: column %d: %T into %s", i, v, d.Type())
		}
		d.Set(reflect.ValueOf(v))
	}
	return nil
}

// TestGameRoundTrip: a game's columns (GameArgs), read back as the
// database returns them (id and version first), give the game as
// SettleGame leaves it, without its seats and moves (their own tables).
func TestGameRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 22, 18, 30, 0, 123_456_789, time.FixedZone("CET", 3600))
	g := &store.Game{
		ID: 7, Version: 3, PageID: "9hT2eZp0QwYk4rB7dF1nXg", Platform: "discord", Channel: "c1", Variant: "oware",
		Options: map[string]string{"seeds": "5"}, Start: "", Challenger: "u1",
		Players: []store.Player{{UserID: "u1", Name: "Ann"}, {Level: "strong"}},
		Phase:   store.PhaseOver, Result: "north_won", Reason: "resign",
		DrawOffer: -1, UndoOffer: 0, MessageID: "m9",
		CreatedAt: at, UpdatedAt: at.Add(time.Minute), TurnStarted: at.Add(30 * time.Second), Lang: "da",
	}
	args, err := store.GameArgs(g)
	if err != nil {
		t.Fatal(err)
	}
	if len(args) != len(store.GameColumns) {
		t.Fatalf("%d values for %d columns", len(args), len(store.GameColumns))
	}
	if args[3] != `{"seeds":"5"}` || args[6] != "over" || args[12] != at.UnixMilli() || args[15] != int64(0) {
		t.Errorf("options, phase, created_at, reminded = %v, %v, %v, %v", args[3], args[6], args[12], args[15])
	}
	got, err := store.ScanGame(append(row{g.ID, g.Version, g.PageID}, args...))
	if err != nil {
		t.Fatal(err)
	}
	want := *g
	store.SettleGame(&want, 0)
	want.Players = nil
	if !reflect.DeepEqual(got, &want) {
		t.Errorf("read back\n\t%+v\nwant\n\t%+v", got, &want)
	}
	if got.CreatedAt.Location() != time.UTC || got.CreatedAt.Nanosecond() != 123_000_000 || !got.Reminded.IsZero() {
		t.Errorf("times: created %v, reminded %v; want UTC to the millisecond, zero", got.CreatedAt, got.Reminded)
	}
}

// TestGameArgs: no options are "{}", a damaged game's are NULL (nil), and
// a game of more seats than the table holds is refused.
func TestGameArgs(t *testing.T) {
	tests := []struct {
		name    string
		g       store.Game
		options any
		err     string
	}{
		{"no options", store.Game{}, "{}", ""},
		{"empty options", store.Game{Options: map[string]string{}}, "{}", ""},
		{"damaged", store.Game{Options: map[string]string{"a": "b"}, Damage: "options"}, nil, ""},
		{"five seats", store.Game{Players: make([]store.Player, 5)}, nil, "game has 5 seats, at most 4 are stored"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := store.GameArgs(&tt.g)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if args[3] != tt.options {
				t.Errorf("options %#v, want %#v", args[3], tt.options)
			}
		})
	}
}

// TestScanGameDamagedOptions: options that are not a JSON object of
// strings leave Options nil and Damage "options"; the rest is read.
func TestScanGameDamagedOptions(t *testing.T) {
	args, err := store.GameArgs(&store.Game{Variant: "kalah", Phase: store.PhasePlaying})
	if err != nil {
		t.Fatal(err)
	}
	args[3] = `{"seeds": 4}`
	got, err := store.ScanGame(append(row{int64(1), int64(2), ""}, args...))
	if err != nil {
		t.Fatal(err)
	}
	if got.Damage != "options" || got.Options != nil || got.Variant != "kalah" || got.Phase != store.PhasePlaying {
		t.Errorf("got %+v", got)
	}
}

// TestScanErrorUnwrapped: a row's error comes back as it is, so that a
// backend recognizes its driver's no-rows error.
func TestScanErrorUnwrapped(t *testing.T) {
	errNoRows := errors.New("no rows")
	failing := failingRow{errNoRows}
	if _, err := store.ScanGame(failing); err != errNoRows {
		t.Errorf("ScanGame: %v", err)
	}
	if _, err := store.ScanPuzzleAttempt(failing); err != errNoRows {
		t.Errorf("ScanPuzzleAttempt: %v", err)
	}
	if _, err := store.ScanRating(failing); err != errNoRows {
		t.Errorf("ScanRating: %v", err)
	}
}

type failingRow struct{ err error }

func (r failingRow) Scan(...any) error { return r.err }

// TestSetSeat: seats grow Players with empty seats; a seat outside the
// table's range is an error naming the game.
func TestSetSeat(t *testing.T) {
	g := &store.Game{ID: 12}
	if err := store.SetSeat(g, 2, store.Player{UserID: "u3"}); err != nil {
		t.Fatal(err)
	}
	if err := store.SetSeat(g, 0, store.Player{UserID: "u1"}); err != nil {
		t.Fatal(err)
	}
	want := []store.Player{{UserID: "u1"}, {}, {UserID: "u3"}}
	if !reflect.DeepEqual(g.Players, want) {
		t.Errorf("players %+v, want %+v", g.Players, want)
	}
	for _, seat := range []int{-1, 4} {
		if err := store.SetSeat(g, seat, store.Player{}); err == nil || err.Error() != fmt.Sprintf("game 12: seat %d", seat) {
			t.Errorf("seat %d: %v", seat, err)
		}
	}
}

// TestAppendCandidate: consecutive rows of one game are its seats; a new
// id starts the next game; a seat whose player moved adds a move of theirs
// (BothMoved then tells).
func TestAppendCandidate(t *testing.T) {
	end := time.Date(2026, 1, 2, 3, 4, 5, 6_000_000, time.UTC)
	rows := []row{
		{int64(1), "telegram", "c", "kalah", "draw", end.UnixMilli(), 0, "a", "A", "", 1},
		{int64(1), "telegram", "c", "kalah", "draw", end.UnixMilli(), 1, "b", "B", "", 1},
		{int64(4), "telegram", "d", "oware", "south_won", end.UnixMilli(), 1, "", "", "easy", 0},
		{int64(5), "telegram", "d", "oware", "north_won", end.UnixMilli(), 0, "a", "A", "", 1},
		{int64(5), "telegram", "d", "oware", "north_won", end.UnixMilli(), 1, "b", "B", "", 0},
	}
	var games []*store.Game
	for _, r := range rows {
		var err error
		if games, err = store.AppendCandidate(games, r); err != nil {
			t.Fatal(err)
		}
	}
	want := []*store.Game{
		{ID: 1, Platform: "telegram", Channel: "c", Variant: "kalah", Phase: store.PhaseOver, Result: "draw",
			UpdatedAt: end, Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}},
			Moves: []store.Move{{Ply: 0, UserID: "a"}, {Ply: 1, UserID: "b"}}},
		{ID: 4, Platform: "telegram", Channel: "d", Variant: "oware", Phase: store.PhaseOver, Result: "south_won",
			UpdatedAt: end, Players: []store.Player{{}, {Level: "easy"}}},
		{ID: 5, Platform: "telegram", Channel: "d", Variant: "oware", Phase: store.PhaseOver, Result: "north_won",
			UpdatedAt: end, Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}},
			Moves: []store.Move{{Ply: 0, UserID: "a"}}},
	}
	if !reflect.DeepEqual(games, want) {
		t.Errorf("games\n\t%+v\nwant\n\t%+v", games, want)
	}
	for i, moved := range []bool{true, false, false} {
		if got := store.BothMoved(games[i]); got != moved {
			t.Errorf("game %d: BothMoved = %v, want %v", games[i].ID, got, moved)
		}
	}
}

// TestPuzzleAttemptRow: moves are stored joined by spaces and read back
// split; an attempt that could not be read back so is refused.
func TestPuzzleAttemptRow(t *testing.T) {
	at := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
	got, err := store.ScanPuzzleAttempt(row{"discord", "u1", "2026-05-06", "p1", "c1", "Ann", "3 swap 12", 2, "solved",
		int64(4), at.UnixMilli(), at.UnixMilli(), int64(0)})
	if err != nil {
		t.Fatal(err)
	}
	want := &store.PuzzleAttempt{Platform: "discord", UserID: "u1", Date: "2026-05-06", PuzzleID: "p1", Channel: "c1",
		Name: "Ann", Moves: []string{"3", "swap", "12"}, Tries: 2, Status: store.PuzzleSolved, Version: 4,
		StartedAt: at, UpdatedAt: at}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read\n\t%+v\nwant\n\t%+v", got, want)
	}
	tests := []struct {
		date  string
		moves []string
		err   string
	}{
		{"2026-05-06", []string{"3", "swap"}, ""},
		{"2026-5-6", nil, `date "2026-5-6" is not a day written YYYY-MM-DD`},
		{"2026-05-06", []string{"3", ""}, `move "" is empty or holds spaces`},
		{"2026-05-06", []string{"3 4"}, `move "3 4" is empty or holds spaces`},
	}
	for _, tt := range tests {
		err := store.CheckPuzzleAttempt(&store.PuzzleAttempt{Date: tt.date, Moves: tt.moves})
		if got := fmt.Sprint(err); (tt.err == "" && err != nil) || (tt.err != "" && got != tt.err) {
			t.Errorf("%s %q: %v, want %q", tt.date, strings.Join(tt.moves, ","), err, tt.err)
		}
	}
}
