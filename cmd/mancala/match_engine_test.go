package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeEngineScript is a UCI-style engine that always answers "A": illegal
// for North, and for South once pit 1 is empty. (search/uci's tests drive
// a fake that plays whole games; this one checks the command line.)
const fakeEngineScript = `#!/bin/sh
while read -r cmd rest; do
  case $cmd in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go) echo "info depth 9 score cp 0 pv A"; echo "bestmove A" ;;
    quit) exit 0 ;;
  esac
done
`

func TestMatchEngine(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake engine is a shell script")
	}
	script := filepath.Join(t.TempDir(), "fake-engine")
	if err := os.WriteFile(script, []byte(fakeEngineScript), 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	gamesOut := filepath.Join(t.TempDir(), "games.jsonl")
	args := []string{"match", "oware", "--a", "beginner", "--b-engine", script, "--movetime", "200ms",
		"--opt", "grand_slam=nocapture", "--games", "2", "--opening", "0", "--games-out", gamesOut}
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	// Game 1: the engine, North, answers A at once. Game 2: it opens with
	// A (legal), then plays A again from the emptied pit.
	for _, want := range []string{
		`oware: A beginner vs B engine "` + script + `", 2 games`,
		"note: the engine plays Abapa rules, the referee's differ: repetition=third (Abapa: first)",
		"A wins 2, draws 0, losses 0: score 100.0%",
		"pairs (one opening, A on each side) by A's summed margin: A wins 1, draws 0, losses 0",
		"B's median depth 9.0 (3 moves reported one)",
		"ended by forfeit: 2 games, A +2 =0 -0",
		"B forfeited 2 games",
		"  forfeit: game 1, ply 1: illegal move \"A\": uci: move \"A\" does not name a house of north (a-f)",
		"  forfeit: game 2, ply 2: illegal move A: ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// --games-out: game 1 is the level's one move and the engine's
	// forfeit; game 2 the engine's A, the level's reply, the forfeit.
	b, err := os.ReadFile(gamesOut)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("--games-out has %d lines, want 2:\n%s", len(lines), b)
	}
	for i, want := range []struct {
		side  string
		moves int
		first string
	}{{"south", 1, ""}, {"north", 2, "A"}} {
		var g struct {
			Game      int
			LevelSide string `json:"level_side"`
			Moves     []string
			End       string
			Margin    int
			Forfeit   string
		}
		if err := json.Unmarshal([]byte(lines[i]), &g); err != nil {
			t.Fatalf("line %d: %v: %s", i+1, err, lines[i])
		}
		if g.Game != i+1 || g.LevelSide != want.side || len(g.Moves) != want.moves || want.first != "" && g.Moves[0] != want.first ||
			g.End != "forfeit" || g.Margin != 48 || !strings.Contains(g.Forfeit, "illegal move") {
			t.Errorf("game %d record: %s", i+1, lines[i])
		}
	}
}

func TestMatchEngineJSON(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake engine is a shell script")
	}
	script := filepath.Join(t.TempDir(), "fake-engine")
	if err := os.WriteFile(script, []byte(fakeEngineScript), 0o755); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	args := []string{"match", "oware", "--a", "beginner", "--b-engine", script, "--engine-depth", "4",
		"--opt", "grand_slam=nocapture", "--games", "2", "--opening", "0", "--json"}
	if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got struct {
		A, B            string
		Games, Wins     int
		Forfeits        []string
		Ends            map[string]map[string]int
		BMedianDepth    float64            `json:"b_median_depth"`
		RuleDifferences []string           `json:"rule_differences"`
		ASecondsPerMove *float64           `json:"a_seconds_per_move"`
		BSecondsPerMove *float64           `json:"b_seconds_per_move"`
		FirstRecurrence map[string]float64 `json:"first_recurrence"`
		Pairs           map[string]int     `json:"pairs"`
		PairMargin      map[string]float64 `json:"pair_margin"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, stdout.String())
	}
	if got.A != "beginner" || got.B != script || got.Games != 2 || got.Wins != 2 || len(got.Forfeits) != 2 ||
		got.Ends["forfeit"]["wins"] != 2 || got.BMedianDepth != 9 || len(got.RuleDifferences) != 1 ||
		got.ASecondsPerMove == nil || got.BSecondsPerMove == nil || got.FirstRecurrence["wins"] != 2 ||
		// One pair, both games forfeited (48 seeds each): its sum, no spread.
		got.Pairs["wins"] != 1 || got.PairMargin["mean"] != 96 || len(got.PairMargin) != 1 {
		t.Errorf("JSON %s", stdout.String())
	}
}

func TestMatchEngineUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "oware", "--a", "expert", "--b", "hard", "--movetime", "1s"}, "--movetime needs --b-engine"},
		{[]string{"match", "oware", "--a", "expert", "--b", "hard", "--engine-opt", "OwnBook=false"}, "--engine-opt needs --b-engine"},
		{[]string{"match", "oware", "--a", "expert", "--b", "hard", "--b-engine", "x", "--movetime", "1s"}, "not both"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x"}, "give the engine a limit"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--movetime", "soon"}, "want a duration"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--movetime", "1s", "--engine-opt", "OwnBook"}, "want Name=Value"},
		{[]string{"match", "kalah", "--a", "expert", "--b-engine", "x", "--movetime", "1s"}, "Oware with 4 seeds"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--engine-depth", "6", "--opt", "seeds=3"}, "Oware with 4 seeds"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--movetime", "1s", "--opening-nodes", "0"}, "--opening-nodes \"0\": want a whole number from 1"},
		{[]string{"match", "oware", "--a", "expert", "--b", "hard", "--no-budget"}, "--no-budget needs --b-engine"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--engine-depth", "6", "--no-budget"}, "--no-budget needs --movetime"},
		{[]string{"match", "congkak", "--a", "expert", "--b", "hard", "--opening-nodes", "0"}, "--opening-nodes \"0\": want a whole number from 1"},
		{[]string{"match", "congkak", "--a", "expert", "--b", "hard", "--opening-nodes", "many"}, "--opening-nodes \"many\""},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--movetime", "1s", "--opening-lead", "1"}, "--opening-lead with --b-engine needs --opening-nodes"},
		{[]string{"match", "congkak", "--a", "expert", "--b", "hard", "--opening-lead", "0"}, "--opening-lead \"0\": want a whole number from 1"},
		{[]string{"match", "congkak", "--a", "expert", "--b", "hard", "--opening-lead", "half"}, "--opening-lead \"half\""},
		{[]string{"match", "ohojitxi", "--a", "expert", "--b", "hard", "--max-plies", "0"}, "--max-plies \"0\": want a whole number from 1"},
		{[]string{"match", "ruma", "--a", "expert", "--b", "hard"}, "ruma is not a game of two players (Ruma: --opt players=2)"},
		{[]string{"match", "tchuka", "--a", "expert", "--b", "hard"}, "tchuka is not a game of two players"},
		{[]string{"match", "oware", "--a", "expert", "--b-engine", "x", "--movetime", "1s", "--max-plies", "long"}, "--max-plies \"long\""},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), tc.args, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}
