package uci

import (
	"errors"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

func abapa(t *testing.T) engine.Rules {
	t.Helper()
	r, err := engine.New("oware", engine.Options{"grand_slam": "nocapture"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sow(pit uint8) engine.Move { return engine.Move{Kind: engine.Sow, Pit: pit} }

// The positions were worked by hand and agree with Aalina's own replay of
// the same moves (its OwareGame, run outside the project).
func TestNotationHandWorked(t *testing.T) {
	r := abapa(t)
	tests := []struct {
		name     string
		from     string // fen, "" for the start position
		moves    []engine.Move
		letters  string
		fenAfter string
	}{
		{"start", "", nil, "", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"},
		{"South's pit 6 sows North's 1-4", "", []engine.Move{sow(6)}, "F", "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"},
		{"North's pit 1 stays in its row", "", []engine.Move{sow(6), sow(1)}, "Fa", "4-4-4-4-4-0-0-6-6-6-5-5-0-0-S"},
		{"five plies", "", []engine.Move{sow(6), sow(1), sow(2), sow(6), sow(5)}, "FaBfE", "5-1-6-6-0-2-1-7-7-7-6-0-0-0-N"},
		{"a capture of 3", "0-0-0-0-0-1-2-1-1-1-1-1-20-20-S", []engine.Move{sow(6)}, "F", "0-0-0-0-0-0-0-1-1-1-1-1-23-20-N"},
		{"Abapa's grand slam captures nothing", "0-0-0-0-3-0-2-1-0-0-0-0-20-22-S", []engine.Move{sow(5)}, "E", "0-0-0-0-0-1-3-2-0-0-0-0-20-22-N"},
		{"North sows into South's row", "1-0-0-0-0-0-0-0-0-0-3-2-20-22-N", []engine.Move{sow(6)}, "f", "2-1-0-0-0-0-0-0-0-0-3-0-20-22-S"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := r.Start()
			if tc.from != "" {
				var err error
				if p, err = ParseFEN(r, tc.from); err != nil {
					t.Fatal(err)
				}
				if got, _ := FEN(p); got != tc.from {
					t.Fatalf("FEN(ParseFEN(%q)) = %q", tc.from, got)
				}
			}
			var letters strings.Builder
			for _, m := range tc.moves {
				s, err := MoveString(p, m)
				if err != nil {
					t.Fatal(err)
				}
				back, err := ParseMove(p, s)
				if err != nil || back != m {
					t.Fatalf("ParseMove(%q) = %+v, %v; want %+v", s, back, err, m)
				}
				letters.WriteString(s)
				if p, err = p.Play(m); err != nil {
					t.Fatal(err)
				}
			}
			if letters.String() != tc.letters {
				t.Errorf("moves written %q, want %q", letters.String(), tc.letters)
			}
			got, err := FEN(p)
			if err != nil || got != tc.fenAfter {
				t.Errorf("FEN = %q, %v; want %q", got, err, tc.fenAfter)
			}
		})
	}
}

func TestParseMoveRejects(t *testing.T) {
	r := abapa(t)
	south := r.Start()
	north, err := south.Play(sow(6))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		p    engine.Position
		move string
	}{
		{south, "a"}, {south, "G"}, {south, ""}, {south, "AB"}, {south, "0000"}, {south, "1"},
		{north, "A"}, {north, "F"}, {north, "g"},
	}
	for _, tc := range tests {
		if m, err := ParseMove(tc.p, tc.move); err == nil {
			t.Errorf("ParseMove(%s to move, %q) = %+v, want an error", tc.p.ToMove(), tc.move, m)
		}
	}
	for i, want := range []string{"a", "b", "c", "d", "e", "f"} {
		if m, err := ParseMove(north, want); err != nil || m != sow(uint8(i+1)) {
			t.Errorf("ParseMove(north, %q) = %+v, %v; want pit %d", want, m, err, i+1)
		}
	}
}

func TestCheckRules(t *testing.T) {
	for _, tc := range []struct {
		variant string
		opts    engine.Options
		ok      bool
	}{
		{"oware", nil, true},
		{"oware", engine.Options{"grand_slam": "forbidden"}, true},
		{"oware", engine.Options{"seeds": "3"}, false},
		{"oware", engine.Options{"cross": "true"}, false},
		{"kalah", nil, false},
	} {
		r, err := engine.New(tc.variant, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckRules(r); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrNotOware)) {
			t.Errorf("CheckRules(%s %v) = %v, want ok=%v", tc.variant, tc.opts, err, tc.ok)
		}
		if _, err := FEN(r.Start()); (err == nil) != tc.ok {
			t.Errorf("FEN(%s %v start) error %v, want ok=%v", tc.variant, tc.opts, err, tc.ok)
		}
	}
}

func TestParseFENRejects(t *testing.T) {
	r := abapa(t)
	for _, s := range []string{
		"", "4-4-4-4-4-4-4-4-4-4-4-4-0-0", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",
		"4-4-4-4-4-4-4-4-4-4-4-x-0-0-S", "4-4-4-4-4-4-4-4-4-4-4--4-0-0-S",
		"40-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", // not 48 seeds
	} {
		if p, err := ParseFEN(r, s); err == nil {
			fen, _ := FEN(p)
			t.Errorf("ParseFEN(%q) = %s, want an error", s, fen)
		}
	}
}

func TestPositionArgs(t *testing.T) {
	r := abapa(t)
	g := engine.NewGame(r.Start())
	if got, err := PositionArgs(g); err != nil || got != "startpos" {
		t.Errorf("new game: %q, %v; want startpos", got, err)
	}
	for _, m := range []engine.Move{sow(6), sow(1), sow(2)} {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := PositionArgs(g); err != nil || got != "startpos moves FaB" {
		t.Errorf("after three moves: %q, %v; want %q", got, err, "startpos moves FaB")
	}
	p, err := r.Start().Play(sow(6))
	if err != nil {
		t.Fatal(err)
	}
	g = engine.NewGame(p) // an opening: the game starts after F
	if _, err := g.Play(sow(3)); err != nil {
		t.Fatal(err)
	}
	if got, err := PositionArgs(g); err != nil || got != "fen 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N moves c" {
		t.Errorf("from an opening: %q, %v; want %q", got, err, "fen 4-4-4-4-4-0-5-5-5-5-4-4-0-0-N moves c")
	}
}

// TestAbapaDifferences: each option that differs from Abapa is named,
// none when both are Abapa's.
func TestAbapaDifferences(t *testing.T) {
	tests := []struct {
		opts engine.Options
		want string
	}{
		{engine.Options{"grand_slam": "nocapture", "repetition": "first"}, ""},
		{engine.Options{"grand_slam": "forbidden", "repetition": "first"}, "grand_slam=forbidden (Abapa: nocapture)"},
		{engine.Options{"grand_slam": "nocapture"}, "repetition=third (Abapa: first)"},
		{nil, "grand_slam=capture (Abapa: nocapture)|repetition=third (Abapa: first)"},
	}
	for _, tc := range tests {
		r, err := engine.New("oware", tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(AbapaDifferences(r), "|"); got != tc.want {
			t.Errorf("AbapaDifferences(%v) = %q, want %q", tc.opts, got, tc.want)
		}
	}
}
