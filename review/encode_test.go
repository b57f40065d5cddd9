package review

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/handgame.review.json from the hand-checked review")

// roundTrip encodes rv, decodes it, checks the result equals rv (but for
// the computation's own bookkeeping) and that encoding it again gives the
// same bytes. It returns the encoding.
func roundTrip(t *testing.T, rv *Review) []byte {
	t.Helper()
	data, err := Encode(rv)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(data)
	if err != nil {
		t.Fatalf("decode: %v\n%s", err, data)
	}
	want := *rv
	want.unsolved = nil
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("decoded review differs:\n got %+v\nwant %+v", *got, want)
	}
	again, err := Encode(got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, data) {
		t.Errorf("encoding the decoded review differs:\n%s\n%s", again, data)
	}
	return data
}

// TestEncodeRecorded: real reviews of recorded games (Kalah with its extra
// turns, Oware, Togyz Kumalak with its tuzdyks), complete at a small depth,
// survive the round trip whole (Oware's solver gets a small budget: the
// race detector makes its default one slow): every ply's position, mover and events
// (replayed), the evaluations, the turning points and their effects.
func TestEncodeRecorded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		depth int
		nodes uint64 // the solver's budget (0: the default)
	}{{"kalah-beginners", 5, 0}, {"oware", 2, 6_000}, {"togyz", 2, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			start, moves := recorded(t, tc.name)
			rv, err := Game(context.Background(), start, moves, Options{Depth: tc.depth, ExactNodes: tc.nodes})
			if err != nil {
				t.Fatal(err)
			}
			if !rv.Complete || rv.Depth != tc.depth || len(rv.Turning) == 0 {
				t.Fatalf("review: complete %v, depth %d, %d turning points; want a complete review at depth %d with turning points",
					rv.Complete, rv.Depth, len(rv.Turning), tc.depth)
			}
			data := roundTrip(t, rv)
			t.Logf("%s: %d plies, %d bytes", tc.name, len(rv.Plies), len(data))
		})
	}
}

// TestEncodeIncomplete: a review cut by its deadline (nothing searched)
// keeps its marks: not complete, values not known.
func TestEncodeIncomplete(t *testing.T) {
	start, moves := recorded(t, "kalah88")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rv, err := Game(ctx, start, moves, Options{})
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, rv)
	got, err := Decode(mustEncode(t, rv))
	if err != nil {
		t.Fatal(err)
	}
	if got.Complete || got.Evals[1].Known || got.Depth != DefaultDepth {
		t.Errorf("decoded incomplete review: complete %v, eval 1 %+v, depth %d", got.Complete, got.Evals[1], got.Depth)
	}
}

// TestEncodeNoPlies: a review of a game without moves has no start and
// one evaluation.
func TestEncodeNoPlies(t *testing.T) {
	r, err := engine.New("kalah", nil)
	if err != nil {
		t.Fatal(err)
	}
	rv, err := Game(context.Background(), r.Start(), nil, Options{Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	data := roundTrip(t, rv)
	if strings.Contains(string(data), `"start"`) {
		t.Errorf("a review without plies writes a start: %s", data)
	}
}

// TestEncodeGolden: the hand-checked review (review_test.go's handGame) is
// written byte for byte as testdata/handgame.review.json, and that file,
// the version-1 encoding as stored, decodes to it. A change of the
// encoding must change EncodingVersion, not this file.
func TestEncodeGolden(t *testing.T) {
	start, err := engine.ParsePosition([]byte(handGame))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := Game(context.Background(), start, []engine.Move{{Pit: 1}, {Pit: 1}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	data := roundTrip(t, rv)
	path := filepath.Join("testdata", "handgame.review.json")
	if *update {
		if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want = bytes.TrimSuffix(want, []byte("\n"))
	if !bytes.Equal(data, want) {
		t.Errorf("encoding:\n%s\nwant (%s):\n%s", data, path, want)
	}
	got, err := Decode(want)
	if err != nil {
		t.Fatal(err)
	}
	if tp := got.Turning; len(tp) != 1 || tp[0].Index != 0 || tp[0].MarginPlayed != -2 || tp[0].MarginBest != 2 ||
		tp[0].Better.Move != (engine.Move{Pit: 3}) || !tp[0].Better.ExtraTurn || tp[0].Played.ReplyCaptured != 4 {
		t.Errorf("decoded turning points %+v", tp)
	}
	if got.Plies[1].Mover != engine.North || got.Plies[1].Before.Store(engine.South) != 6 {
		t.Errorf("decoded ply 2: mover %v, before %v", got.Plies[1].Mover, got.Plies[1].Before)
	}
}

// TestDecodeRefuses: Decode refuses another version (ErrVersion) and
// malformed data, each with an error saying what is wrong, and never
// returns a review with it.
func TestDecodeRefuses(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("testdata", "handgame.review.json"))
	if err != nil {
		t.Fatal(err)
	}
	g := string(bytes.TrimSpace(good))
	if _, err := Decode([]byte(g)); err != nil {
		t.Fatalf("the golden file: %v", err)
	}
	edit := func(old, new string) string {
		if !strings.Contains(g, old) {
			t.Fatalf("%q is not in the golden file", old)
		}
		return strings.Replace(g, old, new, 1)
	}
	for _, tc := range []struct {
		name, data, want string
		version          bool
	}{
		{"version 2", edit(`"version":1`, `"version":2`), "version: 2, want 1", true},
		{"no version", edit(`"version":1,`, ``), "version: 0, want 1", true},
		{"not JSON", "review", "invalid character", false},
		{"empty", "", "unexpected end", false},
		{"unknown field", edit(`"version":1,`, `"version":1,"colour":"red",`), `unknown field "colour"`, false},
		{"trailing data", g + ` {}`, "after top-level value", false},
		{"evaluations", edit(`"evals":[{`, `"evals":[{"south":0},{`), "4 evaluations for 2 plies", false},
		{"illegal move", edit(`"plies":[{"move":"1"`, `"plies":[{"move":"2"`), "ply 1 (2)", false},
		{"bad move", edit(`"plies":[{"move":"1"`, `"plies":[{"move":"x"`), `ply 1: "x" is not a move`, false},
		{"bad best", edit(`"best":"3"`, `"best":"0"`), "ply 1: best", false},
		{"bad start", edit(`"variant":"kalah"`, `"variant":"chess"`), "start: variant", false},
		{"no start", `{"version":1,"plies":[{"move":"1"}],"evals":[{"south":0},{"south":0}]}`, "plies without a start", false},
		{"turning index", edit(`"turning":[{"index":0`, `"turning":[{"index":2`), "turning point at ply index 2 of 2", false},
		{"turning move", edit(`"reply_pit":"1"`, `"reply_pit":"99"`), "turning point 1", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rv, err := Decode([]byte(tc.data))
			if err == nil || rv != nil {
				t.Fatalf("Decode = %v, %v; want an error", rv, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
			if errors.Is(err, ErrVersion) != tc.version {
				t.Errorf("errors.Is(%v, ErrVersion) = %v", err, !tc.version)
			}
		})
	}
}

// TestEncodeRefusesNaN: a value JSON cannot hold is an error, not a
// record that would not decode.
func TestEncodeRefusesNaN(t *testing.T) {
	var nan float64
	nan = nan / nan
	for _, rv := range []*Review{
		{Evals: []Eval{{South: nan}}},
		{Evals: []Eval{{South: 1}}, Turning: []TurningPoint{{Loss: nan}}},
	} {
		if data, err := Encode(rv); err == nil {
			t.Errorf("Encode(%+v) = %s, want an error", rv, data)
		}
	}
}

func mustEncode(t *testing.T, rv *Review) []byte {
	t.Helper()
	data, err := Encode(rv)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// BenchmarkDecode reads back the stored review of the recorded Oware game
// (109 plies, every move replayed): the cost of /review or a game's page
// answering from the store, the database aside.
func BenchmarkDecode(b *testing.B) {
	start, moves := recorded(b, "oware")
	rv, err := Game(context.Background(), start, moves, Options{Depth: 2, ExactNodes: 6_000})
	if err != nil {
		b.Fatal(err)
	}
	data, err := Encode(rv)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "bytes")
}
