package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// TestMatchMargin: a match of Kalah prints A's average store margin; one
// of Bao la Kiswahili, which keeps no stores, its average margin in the
// seeds each side owns, one of Sulus its margin by the rules' score, and
// one of Ruma with two players every seed for a win, none called a store
// margin.
func TestMatchMargin(t *testing.T) {
	for _, tc := range []struct {
		variant     string
		want, never string
	}{
		{"kalah", "average store margin for A: ", "no store margin"},
		{"bao", "average margin for A: ", "average store margin"},
		{"sulus", "average margin for A: ", "average store margin"},
		{"ruma", "average margin for A: ", "average store margin"},
	} {
		var stdout, stderr bytes.Buffer
		args := []string{"match", tc.variant, "--a", "beginner", "--b", "beginner", "--games", "2", "--workers", "1"}
		if tc.variant == "ruma" {
			args = append(args, "--opt", "players=2")
		}
		if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.variant, code, stderr.String())
		}
		if out := stdout.String(); !strings.Contains(out, tc.want) || strings.Contains(out, tc.never) {
			t.Errorf("%s:\n%s\nwant %q, never %q", tc.variant, out, tc.want, tc.never)
		}
	}
}

// TestMatchGamesOut: a level match's --games-out has one line a game, each
// a game whose moves replay from its start to the end, and the lines'
// margins give the printed tally.
func TestMatchGamesOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.jsonl")
	var stdout, stderr bytes.Buffer
	args := []string{"match", "kalah", "--opt", "seeds=3", "--a", "easy", "--b", "beginner", "--games", "4", "--workers", "2",
		"--json", "--games-out", out}
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var head struct {
		Wins, Draws, Losses int
		Pairs               struct{ Wins, Draws, Losses int }
		PairMargin          struct {
			Mean   float64
			Margin *float64
		} `json:"pair_margin"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &head); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	games := readGamesOut(t, out)
	if len(games) != 4 {
		t.Fatalf("--games-out has %d lines, want 4", len(games))
	}
	var wins, draws, losses int
	margins := map[int]int{} // game number: A's margin
	for _, g := range games {
		if g.End.Status() == engine.Ongoing {
			t.Errorf("game %d: the moves leave it going on", g.Game)
		}
		margins[g.Game] = g.Margin
		switch {
		case g.Margin > 0:
			wins++
		case g.Margin < 0:
			losses++
		default:
			draws++
		}
	}
	if wins != head.Wins || draws != head.Draws || losses != head.Losses {
		t.Errorf("records +%d =%d -%d, printed +%d =%d -%d", wins, draws, losses, head.Wins, head.Draws, head.Losses)
	}
	var pairs [3]int // wins, draws, losses: index 1 - the sign of the pair's margin
	for i := 1; i <= 4; i += 2 {
		pairs[1-cmp.Compare(margins[i]+margins[i+1], 0)]++
	}
	if got := [3]int{head.Pairs.Wins, head.Pairs.Draws, head.Pairs.Losses}; got != pairs {
		t.Errorf("pairs printed %v, the records give %v (wins, draws, losses)", got, pairs)
	}
	// Two pairs: the mean of their sums, and a margin (1.96 times the
	// standard error, which for two values is half their difference).
	s1, s2 := float64(margins[1]+margins[2]), float64(margins[3]+margins[4])
	if pm := head.PairMargin; math.Abs(pm.Mean-(s1+s2)/2) > 0.005 || pm.Margin == nil || math.Abs(*pm.Margin-1.96*math.Abs(s1-s2)/2) > 0.005 {
		t.Errorf("pair_margin %+v (margin %v); the records' pairs sum to %v and %v", pm, pm.Margin, s1, s2)
	}
	// A file that cannot be made is a failure that says so, before any game.
	stdout.Reset()
	stderr.Reset()
	args[len(args)-1] = filepath.Join(t.TempDir(), "no-such-folder", "games.jsonl")
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), "--games-out") {
		t.Errorf("unwritable --games-out: exit %d, stderr %q", code, stderr.String())
	}
}

// TestMatchOpeningLead: --opening-nodes and --opening-lead reach the
// match: every pair starts from an opening that a search of that many
// positions finds within that many seeds of even.
func TestMatchOpeningLead(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.jsonl")
	var stdout, stderr bytes.Buffer
	args := []string{"match", "kalah", "--a", "beginner", "--b", "beginner", "--games", "8", "--workers", "1", "--seed", "3",
		"--opening", "3", "--opening-nodes", "2000", "--opening-lead", "1", "--json", "--games-out", out}
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var g struct {
			Game  int
			Start json.RawMessage
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		p, err := engine.ParsePosition(g.Start)
		if err != nil {
			t.Fatalf("game %d start: %v", g.Game, err)
		}
		a, err := search.Analyze(t.Context(), p, search.Limits{Nodes: 2000})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Score) > 1 {
			t.Errorf("game %d: its opening scores %+.2f by a 2000-position search, beyond the 1 seed asked", g.Game, a.Score)
		}
	}
}

// TestMatchMaxPlies: --max-plies stops every game of an Ohojitxi match
// (whose games run long) at that ply; --json counts them in "cut", each
// --games-out line says "cut", and its margin is the game as it stood:
// the seeds each side holds, counted against their holder.
func TestMatchMaxPlies(t *testing.T) {
	out := filepath.Join(t.TempDir(), "games.jsonl")
	var stdout, stderr bytes.Buffer
	args := []string{"match", "ohojitxi", "--a", "easy", "--b", "beginner", "--games", "4", "--workers", "1", "--seed", "5",
		"--opening", "2", "--max-plies", "16", "--json", "--games-out", out}
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var head struct{ Games, Cut int }
	if err := json.Unmarshal(stdout.Bytes(), &head); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if head.Games != 4 || head.Cut != 4 {
		t.Errorf("games %d, cut %d; want all 4 stopped at ply 16: %s", head.Games, head.Cut, stdout.String())
	}
	for _, g := range readGamesOut(t, out) {
		p := g.End
		// South's lead: the seeds North holds (its pits, and South's
		// drop in hand) less those South holds.
		lead := p.PitSeeds(engine.North) + p.Hand(engine.South) - p.PitSeeds(engine.South) - p.Hand(engine.North)
		if g.ASide == "north" {
			lead = -lead
		}
		if !g.Cut || p.Ply() != 16 || p.Status() != engine.Ongoing || g.Margin != lead {
			t.Errorf("game %d: cut %v at ply %d (%s), margin %d; want cut at ply 16, margin %d", g.Game, g.Cut, p.Ply(), p.Status(), g.Margin, lead)
		}
	}
	// The text report says how many games the limit stopped.
	stdout.Reset()
	args = []string{"match", "ohojitxi", "--a", "easy", "--b", "beginner", "--games", "2", "--workers", "1", "--max-plies", "10"}
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "2 of the games reached ply 10 and were scored as they stood") {
		t.Errorf("text report:\n%s", stdout.String())
	}
}

// gamesOutGame is one line of a level match's --games-out, with End, the
// position its moves lead to from its start.
type gamesOutGame struct {
	Game   int
	ASide  string `json:"a_side"`
	Start  json.RawMessage
	Moves  []string
	Margin int
	Cut    bool
	End    engine.Position `json:"-"`
}

// readGamesOut reads the --games-out file name and replays each game,
// failing t on a line that does not parse or a move that is not legal.
func readGamesOut(t *testing.T, name string) []gamesOutGame {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var games []gamesOutGame
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var g gamesOutGame
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		p, err := engine.ParsePosition(g.Start)
		if err != nil {
			t.Fatalf("game %d start: %v", g.Game, err)
		}
		for _, s := range g.Moves {
			m, err := engine.ParseMove(s)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				t.Fatalf("game %d, move %q: %v", g.Game, s, err)
			}
		}
		g.End = p
		games = append(games, g)
	}
	return games
}

// TestRound1NoNegativeZero: an even match's Elo prints 0, not -0.
func TestRound1NoNegativeZero(t *testing.T) {
	for _, x := range []float64{-0.01, -0.04, math.Copysign(0, -1)} {
		if r := round1(x); r != 0 || math.Signbit(r) {
			t.Errorf("round1(%v) = %v, want +0", x, r)
		}
	}
	if r := round1(-0.06); r != -0.1 {
		t.Errorf("round1(-0.06) = %v, want -0.1", r)
	}
}
