package record

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

var update = flag.Bool("update", false, "rewrite the golden records in testdata/")

// optionSets are the option sets a variant's games are played with: the
// defaults, and one with every option away from its default where a
// value the rules accept exists (Ruma: 2 players too).
func optionSets(t *testing.T, v *engine.Variant) []engine.Options {
	sets := []engine.Options{{}}
	if len(v.Options) == 0 {
		return sets
	}
	other := engine.Options{}
	for _, spec := range v.Options {
		var candidates []string
		switch spec.Kind {
		case engine.BoolOption:
			candidates = []string{"true", "false"}
		case engine.EnumOption:
			candidates = spec.Values
		case engine.IntOption:
			candidates = []string{fmt.Sprint(spec.Max), fmt.Sprint(spec.Min), fmt.Sprint(spec.Min + 1)}
		}
		for i := len(candidates) - 1; i >= 0; i-- {
			c := candidates[i]
			if c == spec.Default {
				continue
			}
			try := engine.Options{}
			for k, val := range other {
				try[k] = val
			}
			try[spec.Name] = c
			if _, err := v.New(try); err == nil {
				other = try
				break
			}
		}
	}
	if v.ID == "ruma" {
		other["players"] = "2"
	}
	if _, err := v.New(other); err != nil {
		t.Fatalf("%s %v: %v", v.ID, other, err)
	}
	return append(sets, other)
}

// randomGame plays up to maxPlies random legal moves from start (seats
// of Ruma sometimes leaving, the pie rule's swap taken half the time it
// is offered) and returns the moves in notation and the
// engine game.
func randomGame(rng *rand.Rand, start engine.Position, maxPlies int) ([]string, *engine.Game) {
	eg := engine.NewGame(start)
	var moves []string
	for range maxPlies {
		p := eg.Position()
		if p.Status().Over() {
			break
		}
		if p.Rules().Layout().Sides == 4 && rng.IntN(12) == 0 {
			side := engine.Side(rng.IntN(4))
			if _, err := eg.Leave(side); err == nil {
				moves = append(moves, "out:"+side.String())
				continue
			}
		}
		legal := p.Moves()
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		if slices.Contains(legal, engine.SwapMove) && rng.IntN(2) == 0 {
			m = engine.SwapMove // the pie rule, at its one chance, often
		}
		if _, err := eg.Play(m); err != nil {
			panic(err)
		}
		moves = append(moves, m.String())
	}
	return moves, eg
}

// storeGame is a stored game of those moves, its result as the bot
// records it (by seat), or a resignation by the seat to move when the
// moves do not end the game and resign is set.
func storeGame(t *testing.T, start engine.Position, custom bool, moves []string, final engine.Position, resign bool) *store.Game {
	t.Helper()
	r := start.Rules()
	created := time.Date(2026, 11, 27, 20, 15, 0, 0, time.UTC)
	g := &store.Game{ID: 42, Platform: "discord", Channel: "c1", Variant: r.Variant().ID, Options: r.Options(),
		Phase: store.PhasePlaying, CreatedAt: created, UpdatedAt: created.Add(time.Hour)}
	if custom {
		b, err := json.Marshal(start)
		if err != nil {
			t.Fatal(err)
		}
		g.Start = string(b)
	}
	names := []string{"Alice", `Bob "the sower"`, "Chidi", "Dana"}
	for i := range r.Layout().Sides {
		p := store.Player{UserID: fmt.Sprint("u", i), Name: names[i]}
		if i == 1 {
			p = store.Player{Name: "bot", Level: "medium"}
		}
		g.Players = append(g.Players, p)
	}
	for i, m := range moves {
		g.Moves = append(g.Moves, store.Move{Ply: i, Move: m, At: created.Add(time.Duration(i) * time.Second)})
	}
	if res, why := engineResult(final); res != "" {
		g.Phase, g.Result, g.Reason = store.PhaseOver, res, why
	} else if resign && r.Layout().Sides == 2 {
		g.Phase, g.Reason = store.PhaseOver, "resign"
		g.Result = engine.Won(engine.Side(1 - seatOf(final, final.ToMove()))).String()
	}
	return g
}

func positionJSON(t *testing.T, p engine.Position) string {
	t.Helper()
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// roundTrip exports g in both formats, imports each and checks the game
// read is the game played: the same moves, start, result and final
// position (want).
func roundTrip(t *testing.T, g *store.Game, want engine.Position) {
	t.Helper()
	for _, f := range []Format{Text, JSON} {
		var b bytes.Buffer
		if err := Export(&b, g, f); err != nil {
			t.Fatalf("%s: export: %v", f, err)
		}
		got, err := Import(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%s: import: %v\n%s", f, err, b.String())
		}
		var moves []string
		for _, m := range got.Moves {
			moves = append(moves, m.String())
		}
		var stored []string
		for _, m := range g.Moves {
			stored = append(stored, m.Move)
		}
		if strings.Join(moves, " ") != strings.Join(stored, " ") {
			t.Fatalf("%s: moves\n got %v\nwant %v", f, moves, stored)
		}
		if a, b := positionJSON(t, got.Final()), positionJSON(t, want); a != b {
			t.Fatalf("%s: final position\n got %s\nwant %s", f, a, b)
		}
		if got.Result != g.Result || got.Reason != g.Reason {
			t.Fatalf("%s: result %q (%q), want %q (%q)", f, got.Result, got.Reason, g.Result, g.Reason)
		}
		if (g.Start != "") != got.Custom || (got.Custom && positionJSON(t, got.Start) != g.Start) {
			t.Fatalf("%s: start %v %s, want %q", f, got.Custom, positionJSON(t, got.Start), g.Start)
		}
		if got.Variant != g.Variant || optionsText(got.Rules().Variant(), got.Options) != optionsText(got.Rules().Variant(), g.Options) {
			t.Fatalf("%s: rules %s %v, want %s %v", f, got.Variant, got.Options, g.Variant, g.Options)
		}
		if len(got.Players) != len(g.Players) {
			t.Fatalf("%s: players %+v, want %+v", f, got.Players, g.Players)
		}
		for i, p := range got.Players {
			if p.Name != g.Players[i].Name || p.Level != g.Players[i].Level {
				t.Fatalf("%s: players %+v, want %+v", f, got.Players, g.Players)
			}
		}
		// And again: what was read writes the same record.
		var again bytes.Buffer
		if err := got.Export(&again, f); err != nil {
			t.Fatal(err)
		}
		if f == Text && !bytes.Equal(again.Bytes(), b.Bytes()) {
			t.Fatalf("text: re-export differs:\n%s\n---\n%s", b.String(), again.String())
		}
	}
}

// TestRoundTripEveryVariant plays random legal games of every variant
// with each option set, from the start and from a position reached by a
// few moves (a non-standard start), and round-trips each through both
// formats.
func TestRoundTripEveryVariant(t *testing.T) {
	// What the games exercised, to be sure the notation's every form went
	// through: swaps, seats leaving, directions, Bao's "+", finished
	// games, resignations, custom starts.
	seen := map[string]int{}
	defer func() {
		t.Logf("exercised: %v", seen)
		for _, k := range []string{"swap", "out:", "L", "R", "+", "finished", "resign", "custom"} {
			if seen[k] == 0 && !t.Failed() {
				t.Errorf("no game exercised %q: %v", k, seen)
			}
		}
	}()
	for _, v := range engine.Variants() {
		t.Run(v.ID, func(t *testing.T) {
			for oi, opts := range optionSets(t, v) {
				rules, err := v.New(opts)
				if err != nil {
					t.Fatal(err)
				}
				for seed := range uint64(4) {
					rng := rand.New(rand.NewPCG(seed, uint64(oi)))
					start, custom := rules.Start(), seed%2 == 1
					if custom {
						// A start of our own: a few random moves in.
						for {
							_, eg := randomGame(rng, rules.Start(), 1+rng.IntN(6))
							if p := eg.Position(); !p.Status().Over() {
								start = p
								break
							}
						}
					}
					moves, eg := randomGame(rng, start, 400)
					g := storeGame(t, start, custom, moves, eg.Position(), seed == 2)
					roundTrip(t, g, eg.Position())
					for _, m := range moves {
						for _, k := range []string{"swap", "out:", "L", "R", "+"} {
							if strings.Contains(m, k) {
								seen[k]++
							}
						}
					}
					switch {
					case eg.Position().Status().Over():
						seen["finished"]++
					case g.Reason == "resign":
						seen["resign"]++
					}
					if custom {
						seen["custom"]++
					}
				}
			}
		})
	}
}

// TestGolden writes one record of each kind and compares it with
// testdata/: an Oware game (OGN), Bao la Kiswahili (directions and "+"),
// Ruma with a seat leaving, and the Kalah JSON.
func TestGolden(t *testing.T) {
	cases := []struct {
		file    string
		variant string
		opts    engine.Options
		moves   int
		seed    uint64
		f       Format
	}{
		{"oware.ogn", "oware", engine.Options{"grand_slam": "nocapture", "repetition": "first"}, 400, 1, Text},
		{"oware-custom.ogn", "oware", nil, 9, 3, Text},
		{"bao.txt", "bao", nil, 24, 1, Text},
		{"ruma.txt", "ruma", nil, 40, 5, Text},
		{"kalah.json", "kalah", engine.Options{"pie": "true"}, 12, 1, JSON},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			rules := engine.MustNew(c.variant, c.opts)
			rng := rand.New(rand.NewPCG(c.seed, 7))
			start, custom := rules.Start(), strings.Contains(c.file, "custom")
			if custom {
				_, eg := randomGame(rng, start, 5)
				start = eg.Position()
			}
			moves, eg := randomGame(rng, start, c.moves)
			g := storeGame(t, start, custom, moves, eg.Position(), false)
			var b bytes.Buffer
			if err := Export(&b, g, c.f); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", c.file)
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to write it)", err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Fatalf("%s differs from the record written:\n%s", path, b.String())
			}
			// The golden file reads back to the game played.
			got, err := Import(bytes.NewReader(want))
			if err != nil {
				t.Fatal(err)
			}
			if a, b := positionJSON(t, got.Final()), positionJSON(t, eg.Position()); a != b {
				t.Fatalf("final position %s, want %s", a, b)
			}
		})
	}
}

// TestImportErrors feeds malformed and contradicting records and checks
// each is refused with a reason naming the line and the move at fault.
func TestImportErrors(t *testing.T) {
	head := "[Variant \"kalah\"]\n[Result \"*\"]\n\n"
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "line 1: no Variant tag"},
		{"unknown variant", "[Variant \"chess\"]\n1. e4 *\n", `line 1: unknown variant "chess"`},
		{"unknown option", "[Event \"x\"]\n[Variant \"kalah\"]\n[Options \"pits=6 colour=red\"]\n*\n", `line 3: Options: unknown option "colour" for kalah`},
		{"bad option value", "[Variant \"kalah\"]\n[Options \"pits=99\"]\n*\n", "line 2: Options: option pits: 99 is outside 1..8"},
		{"illegal move", head + "1. 3 2. 1\n3. 9 *\n", "line 5: move 3 (9): "},
		{"empty pit (3 ends in the store: South again)", head + "1. 3 2. 3 *\n", "line 4: move 2 (3): pit 3 is empty"},
		{"not a move", head + "1. 3 2. x *\n", `line 4: move 2: "x" is not a move`},
		{"move number", head + "1. 3\n3. 4 *\n", "line 5: move number 3 where move 2 is due"},
		{"result mid-game", head + "1. 3 * 2. 4\n", "line 4: the result * must end the moves"},
		{"result tag and token", head + "1. 3 1-0\n", "line 4: the result 1-0 is not the Result tag's (*)"},
		{"win without an end", "[Variant \"kalah\"]\n[Result \"1-0\"]\n1. 3 1-0\n", "the result south_won: the moves do not end the game, and no Termination"},
		{"engine reason without an end", "[Variant \"kalah\"]\n[Result \"1-0\"]\n[Termination \"majority\"]\n1. 3 1-0\n", `termination "majority": the moves do not end the game`},
		{"unclosed tag", "[Variant \"kalah]\n", "line 1: tag Variant: its value has no closing quote on its line"},
		{"unclosed comment", head + "1. 3 { a comment\n\n", "line 4: a comment { has no closing }"},
		{"OGN wrong side", "[Variant \"Oware Abapa\"]\n\n1. A B\n", "line 3: move 2: B is south's house, but north is to move"},
		{"OGN not a house", "[Variant \"Oware Abapa\"]\n\n1. A g\n", `line 3: move 2: "g" is not a house`},
		{"OGN score of a game not over", "[Variant \"Oware Abapa\"]\n[Result \"25-23\"]\n\n1. A b\n", "the result 25-23 says the game ended, but the moves do not end it"},
		{"OGN bad FEN", "[Variant \"Oware Abapa\"]\n[FEN \"4-4-4\"]\n\n1. A\n", "line 2: FEN: \"4-4-4\": want 14 numbers"},
		{"JSON syntax", "{\n  \"format\": \"mancala-record\",\n  \"version\": 1,\n  \"moves\": [\"3\",]\n}\n", "line 4: invalid character ']'"},
		{"JSON unknown field", "{\"format\":\"mancala-record\",\"version\":1,\"variant\":\"kalah\",\"colour\":1}", `unknown field "colour"`},
		{"JSON illegal move", `{"format":"mancala-record","version":1,"variant":"kalah","options":{},"players":[],"moves":["3","9"],"result":""}`, "move 2 (9): "},
		{"JSON result", `{"format":"mancala-record","version":1,"variant":"kalah","options":{},"players":[],"moves":["3"],"result":"north_won"}`, "the result north_won: the moves do not end the game"},
		{"JSON final", `{"format":"mancala-record","version":1,"variant":"tchuka","options":{},"players":[],"moves":[],"result":"","final":{"variant":"tchuka","options":{"pits":4,"seeds":2},"to_move":"south","ply":0,"pits":{"south":[2,2,2,1]},"stores":{"south":1},"status":"ongoing","extra":{}}}`, "final: the moves reach"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Import(strings.NewReader(c.in))
			if err == nil {
				t.Fatalf("accepted %+v", g)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want it to contain %q", err, c.want)
			}
		})
	}
}

// TestImportWithoutResult: a record that states no result at all takes
// the one its moves decide; one that states * for a game its moves end
// is refused.
func TestImportWithoutResult(t *testing.T) {
	g, err := Import(strings.NewReader("[Variant \"kalah\"]\n[Options \"pits=1 seeds=1\"]\n\n1. 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Result != "draw" || g.Reason != "empty_side" {
		t.Fatalf("result %q (%q), want draw (empty_side)", g.Result, g.Reason)
	}
	_, err = Import(strings.NewReader("[Variant \"kalah\"]\n[Options \"pits=1 seeds=1\"]\n\n1. 1 *\n"))
	if err == nil || !strings.Contains(err.Error(), "the result * contradicts the moves, which end the game: draw (empty_side)") {
		t.Fatalf("error %v", err)
	}
}

// TestExportRefusesDamaged: a stored game whose options could not be
// read is not written under guessed rules.
func TestExportRefusesDamaged(t *testing.T) {
	g := &store.Game{Variant: "kalah", Damage: "options"}
	if err := Export(&bytes.Buffer{}, g, Text); err == nil || !strings.Contains(err.Error(), "options could not be read") {
		t.Fatalf("error %v", err)
	}
}

// TestFileName: ASCII, the variant, the day and the players, the
// format's extension; no id.
func TestFileName(t *testing.T) {
	day := time.Date(2026, 11, 27, 23, 0, 0, 0, time.UTC)
	cases := []struct {
		g    *store.Game
		f    Format
		want string
	}{
		{&store.Game{ID: 7, Variant: "oware", CreatedAt: day, Players: []store.Player{{Name: "@Alice"}, {Level: "hard"}}}, Text, "oware-2026-11-27-alice-vs-bot.ogn"},
		{&store.Game{ID: 7, Variant: "oware", CreatedAt: day}, JSON, "oware-2026-11-27.json"},
		{&store.Game{Variant: "bao-kenya", Players: []store.Player{{Name: "Łukasz Żółw"}, {Name: "../../etc/passwd"}}}, Text, "bao-kenya-ukasz-w-vs-etc-passwd.txt"},
		{&store.Game{Variant: "ruma", Players: []store.Player{{Name: "Иван"}, {Name: "a\"b"}, {}, {}}}, Text, "ruma-a-b.txt"},
	}
	for _, c := range cases {
		if got := FileName(c.g, c.f); got != c.want {
			t.Errorf("FileName(%s, %v) = %q, want %q", c.g.Variant, c.f, got, c.want)
		}
	}
	if ContentType(Text) != "text/plain; charset=utf-8" || ContentType(JSON) != "application/json" {
		t.Errorf("content types %q %q", ContentType(Text), ContentType(JSON))
	}
}

// TestImportAcceptsOthersRecords reads what other writers produce: OGN
// with comments, variations and captures as Aualé writes them, and
// numbers glued to their moves.
func TestImportAcceptsOthersRecords(t *testing.T) {
	in := "\xef\xbb\xbf[Variant \"Oware Abapa\"]\n[Event \"Club \\\"night\\\"\"]\n[South \"?\"]\n[Result \"*\"]\n\n" +
		"1. F { a comment\n over lines } a (1... b 2. C) 2.D b ; to the end\n3. E *\n"
	g, err := Import(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, m := range g.Moves {
		moves = append(moves, m.String())
	}
	if got := strings.Join(moves, " "); got != "6 1 4 2 5" {
		t.Fatalf("moves %q", got)
	}
	if g.Event != `Club "night"` || g.Players[0].Name != "" || g.Options["grand_slam"] != "nocapture" || g.Options["repetition"] != "first" {
		t.Fatalf("read %+v", g)
	}
	if p := g.Final(); p.Ply() != 5 || p.ToMove() != engine.North {
		t.Fatalf("final %v", p)
	}
}

// FuzzImport: Import never panics, and whatever it accepts writes both
// records, which read back to the same game.
func FuzzImport(f *testing.F) {
	for _, name := range []string{"oware.ogn", "oware-custom.ogn", "bao.txt", "ruma.txt", "kalah.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("[Variant \"kalah\"]\n1. 3 2. 4 *"))
	f.Add([]byte(`{"format":"mancala-record","version":1,"variant":"ruma","options":{"players":2},"event":"a\nb","players":[{"seat":"south","name":"x\"y"}],"moves":["2","out:east"],"result":""}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Import(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, form := range []Format{Text, JSON} {
			var b bytes.Buffer
			if err := g.Export(&b, form); err != nil {
				t.Fatal(err)
			}
			back, err := Import(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatalf("%s: the re-export does not read: %v\n%s", form, err, b.String())
			}
			if len(back.Moves) != len(g.Moves) || positionJSON(t, back.Final()) != positionJSON(t, g.Final()) || back.Result != g.Result || back.Reason != g.Reason {
				t.Fatalf("%s: re-read %d moves to %s (%s), want %d to %s (%s)", form, len(back.Moves), positionJSON(t, back.Final()), back.Result, len(g.Moves), positionJSON(t, g.Final()), g.Result)
			}
		}
	})
}

// BenchmarkExport and BenchmarkImport measure a record of the golden
// Oware game (68 moves, OGN) and of a Bao game (JSON) each way.
func BenchmarkExport(b *testing.B) {
	for _, name := range []string{"oware.ogn", "bao.txt", "kalah.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			b.Fatal(err)
		}
		g, err := Import(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		f := Text
		if strings.HasSuffix(name, ".json") {
			f = JSON
		}
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := g.Export(&buf, f); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(buf.Len()))
		})
	}
}

func BenchmarkImport(b *testing.B) {
	for _, name := range []string{"oware.ogn", "bao.txt", "kalah.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Import(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
