package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// solveCache keeps the endgame databases the solver builds in a temporary
// directory, never the user's cache; the builds the test leaves going on
// in the background stop at its end (search.StopBackground), so that they
// do not take the CPU from the tests after it.
func solveCache(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv("MANCALA_CACHE_DIR", dir)
	t.Cleanup(search.StopBackground)
	return dir
}

type solveJSON struct {
	Exact   *bool    `json:"exact"`
	Value   *int     `json:"value"`
	Best    string   `json:"best"`
	Nodes   uint64   `json:"nodes"`
	Seconds *float64 `json:"seconds"`
}

func decodeStrict(t *testing.T, out string, v any) {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if !strings.HasSuffix(out, "}\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("output %q: want one line of JSON", out)
	}
}

func TestSolveKalahJSON(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		value int
		best  string
	}{
		// Kalah(4,3) is worth 6 to the first player, by pit 2 (measured;
		// the search package checks the solver against brute force).
		{"kalah(4,3)", []string{"--opt", "pits=4", "--opt", "seeds=3"}, 6, "2"},
		{"kalah(4,3) one thread", []string{"--opt", "pits=4", "--opt", "seeds=3", "--threads", "1"}, 6, "2"},
		{"kalah(4,3) no database", []string{"--opt", "pits=4", "--opt", "seeds=3", "--db-seeds", "-1"}, 6, "2"},
		{"kalah(4,3) empty capture", []string{"--opt", "pits=4", "--opt", "seeds=3", "--opt", "empty_capture=true"}, 8, "2"},
		// Pit 2 (three seeds) ends in the store: South moves again, and the
		// value is unchanged.
		{"kalah(4,3) after 2", []string{"--opt", "pits=4", "--opt", "seeds=3", "2"}, 6, ""},
		// Kalah(1,1): South's one seed goes into the store, South's side
		// is empty, the game ends and North keeps its seed: 1-1, a draw.
		{"kalah(1,1)", []string{"--opt", "pits=1", "--opt", "seeds=1", "--db-seeds", "-1"}, 0, "1"},
		// Kalah(2,1): South's 2 goes into the store (a move again), then
		// 1 lands in empty pit 2 and takes North's pit 1: South's side is
		// empty, North keeps pit 2's seed: 3-1. No line gives more.
		{"kalah(2,1)", []string{"--opt", "pits=2", "--opt", "seeds=1", "--db-seeds", "-1"}, 2, "2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := solveCache(t)
			args := append([]string{"solve", "kalah", "--json", "--db-seeds", "12", "--memory", "64"}, c.args...)
			if slices.Contains(c.args, "--db-seeds") {
				args = append([]string{"solve", "kalah", "--json", "--memory", "64"}, c.args...)
			}
			out := mustRun(t, "", args...)
			var got solveJSON
			decodeStrict(t, out, &got)
			if got.Value == nil || *got.Value != c.value || got.Exact == nil || !*got.Exact {
				t.Errorf("value in %s, want %d, exact", out, c.value)
			}
			if c.best != "" && got.Best != c.best {
				t.Errorf("best %q, want %q", got.Best, c.best)
			}
			if _, err := engine.ParseMove(got.Best); err != nil {
				t.Errorf("best %q: %v", got.Best, err)
			}
			if got.Nodes == 0 || got.Seconds == nil || *got.Seconds < 0 {
				t.Errorf("nodes/seconds missing or wrong in %s", out)
			}
			// The database went to the temporary cache, if anywhere.
			if entries, _ := os.ReadDir(dir); slices.Contains(c.args, "-1") && len(entries) != 0 {
				t.Errorf("--db-seeds -1 wrote %d files to the cache", len(entries))
			}
		})
	}
}

func TestSolveText(t *testing.T) {
	solveCache(t)
	out := mustRun(t, "", "solve", "kalah", "--opt", "pits=4", "--opt", "seeds=3", "--db-seeds", "12", "--memory", "64")
	for _, want := range []string{
		"value: +6 (south (to move) wins by 6 with perfect play)\n",
		"best move: 2\n",
		"endgame database: up to 12 seeds, built in ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// North to move after South's 1 (three seeds into pits 2-4): the
	// value is North's, at least -6 since South's best is worth 6, and the
	// text says what the JSON says.
	args := []string{"solve", "kalah", "--opt", "pits=4", "--opt", "seeds=3", "1", "--db-seeds", "-1", "--memory", "64", "--threads", "1"}
	var js solveJSON
	decodeStrict(t, mustRun(t, "", append(args, "--json")...), &js)
	if js.Value == nil || *js.Value < -6 {
		t.Fatalf("after 1: value %v, want at least -6", js.Value)
	}
	out = mustRun(t, "", args...)
	want := fmt.Sprintf("value: %+d (north (to move) wins by %d with perfect play)\nbest move: %s\n", *js.Value, *js.Value, js.Best)
	if *js.Value <= 0 {
		want = fmt.Sprintf("value: %+d (", *js.Value)
	}
	if !strings.HasPrefix(out, want) {
		t.Errorf("after 1: text\n%s\nwant it to start %q", out, want)
	}
	if strings.Contains(out, "endgame database") {
		t.Errorf("--db-seeds -1 reports a database:\n%s", out)
	}
	out = mustRun(t, "", "solve", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "--db-seeds", "-1")
	if !strings.HasPrefix(out, "value: +0 (a draw with perfect play)\nbest move: 1\n") {
		t.Errorf("kalah(1,1):\n%s", out)
	}
}

func TestSolveTchuka(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--opt", "pits=4", "--opt", "seeds=2", "--json", "--count"}, `{"solvable":true,"solution":[3,4,3,4,2,4],"solutions":1}` + "\n"},
		{[]string{"--json"}, `{"solvable":true,"solution":[3,4,3,4,2,4]}` + "\n"}, // the defaults are 4 pits of 2
		{[]string{"--opt", "pits=4", "--opt", "seeds=3", "--json", "--count"}, `{"solvable":false,"solution":[],"solutions":0}` + "\n"},
		{[]string{"--count"}, "solvable: 3 4 3 4 2 4\nsolutions: 1\n"},
		{[]string{"--opt", "pits=2", "--opt", "seeds=2"}, "not solvable: no sequence of moves clears the board\n"},
		// After 3 4 3 4 2 only pit 4's seed is left.
		{[]string{"3", "4", "3", "4", "2", "--json", "--count"}, `{"solvable":true,"solution":[4],"solutions":1}` + "\n"},
	}
	for _, c := range cases {
		if got := mustRun(t, "", append([]string{"solve", "tchuka"}, c.args...)...); got != c.want {
			t.Errorf("solve tchuka %q:\n got %q\nwant %q", c.args, got, c.want)
		}
	}
	// A position from standard input.
	pos := mustRun(t, "", "play", "tchuka", "3", "4", "--json")
	if got := mustRun(t, pos, "solve", "--from", "-", "--json", "--count"); got != `{"solvable":true,"solution":[3,4,2,4],"solutions":1}`+"\n" {
		t.Errorf("solve --from - after 3 4: %q", got)
	}
}

func TestSolveErrors(t *testing.T) {
	solveCache(t)
	cases := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no variant", []string{"solve"}, 2, "missing VARIANT"},
		{"unknown variant", []string{"solve", "chess"}, 2, `unknown variant "chess"`},
		{"unknown option", []string{"solve", "kalah", "--opt", "colour=red"}, 2, `unknown option "colour"`},
		{"bad option value", []string{"solve", "kalah", "--opt", "pits=99"}, 2, "option pits"},
		{"bad option syntax", []string{"solve", "kalah", "--opt", "pits"}, 2, "want key=value"},
		{"unknown flag", []string{"solve", "kalah", "--depth", "3"}, 2, "unknown flag --depth"},
		{"count on two players", []string{"solve", "kalah", "--count"}, 2, "--count is for solitaires"},
		{"bad threads", []string{"solve", "kalah", "--threads", "0"}, 2, "--threads"},
		{"bad db seeds", []string{"solve", "kalah", "--db-seeds", "x"}, 2, "--db-seeds"},
		{"bad max nodes", []string{"solve", "kalah", "--max-nodes", "-1"}, 2, "--max-nodes"},
		{"bad timeout", []string{"solve", "kalah", "--timeout", "soon"}, 2, "--timeout"},
		{"negative timeout", []string{"solve", "kalah", "--timeout", "-1s"}, 2, "--timeout"},
		{"illegal move", []string{"solve", "kalah", "9"}, 1, "move 1"},
		{"game over", []string{"solve", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "1"}, 1, "the game is over"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := mancala(t, "", c.args...)
			if code != c.code || !strings.HasPrefix(errOut, "mancala: ") || !strings.Contains(errOut, c.msg) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("mancala %q: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.msg)
			}
			if out != "" {
				t.Errorf("mancala %q printed %q", c.args, out)
			}
		})
	}
	if out := mustRun(t, "", "solve", "--help"); !strings.HasPrefix(out, "usage: mancala solve") {
		t.Errorf("solve --help: %q", out)
	}
}

type analyzeJSON struct {
	Best    string   `json:"best"`
	Score   *float64 `json:"score"`
	Proven  *bool    `json:"proven"`
	PV      []string `json:"pv"`
	Depth   int      `json:"depth"`
	Nodes   uint64   `json:"nodes"`
	Seconds *float64 `json:"seconds"`
	NPS     *uint64  `json:"nodes_per_second"`
}

func TestAnalyzeCommand(t *testing.T) {
	for _, c := range []struct {
		args  []string
		depth int
	}{
		{[]string{"kalah", "--depth", "3"}, 3},
		{[]string{"oware", "3", "--depth", "4"}, 4},
		{[]string{"togyz", "--depth", "2"}, 2},
		{[]string{"congkak", "--depth", "2"}, 2},
		{[]string{"kalah", "--opt", "pits=4", "--opt", "seeds=3", "--depth", "5"}, 5},
	} {
		out := mustRun(t, "", append([]string{"analyze", "--json"}, c.args...)...)
		var a analyzeJSON
		decodeStrict(t, out, &a)
		if a.Score == nil || a.Proven == nil || a.Seconds == nil || a.NPS == nil {
			t.Fatalf("analyze %q: fields missing in %s", c.args, out)
		}
		if a.Depth < 1 || a.Depth > c.depth || (a.Depth != c.depth && !*a.Proven) {
			t.Errorf("analyze %q: depth %d, want %d", c.args, a.Depth, c.depth)
		}
		if a.Nodes == 0 || len(a.PV) == 0 || a.PV[0] != a.Best {
			t.Errorf("analyze %q: nodes %d, best %q, pv %v", c.args, a.Nodes, a.Best, a.PV)
		}
		// The principal variation is legal from the position analysed.
		play := append([]string{"play", "--json"}, c.args[:len(c.args)-2]...)
		if got := mancalaCode(t, append(play, a.PV...)...); got != 0 {
			t.Errorf("analyze %q: PV %v does not replay (exit %d)", c.args, a.PV, got)
		}
		// --depth gives the same answer every time.
		again := mustRun(t, "", append([]string{"analyze", "--json"}, c.args...)...)
		var b analyzeJSON
		decodeStrict(t, again, &b)
		if a.Best != b.Best || *a.Score != *b.Score || !slices.Equal(a.PV, b.PV) || a.Nodes != b.Nodes {
			t.Errorf("analyze %q: %s then %s", c.args, out, again)
		}
	}
	out := mustRun(t, "", "analyze", "kalah", "--depth", "2")
	for _, want := range []string{"best move: ", "evaluation: ", "principal variation: ", "depth: 2\n", "nodes: "} {
		if !strings.Contains(out, want) {
			t.Errorf("analyze text lacks %q:\n%s", want, out)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"analyze", "tchuka", "--depth", "2"}, 2, "solitaire"},
		{[]string{"analyze", "kalah", "--depth", "0"}, 2, "--depth"},
		{[]string{"analyze", "kalah", "--time", "-1s"}, 2, "--time"},
		{[]string{"analyze", "nosuch"}, 2, "unknown variant"},
		{[]string{"analyze", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "1"}, 1, "the game is over"},
	} {
		code, _, errOut := mancala(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) {
			t.Errorf("mancala %q: exit %d, stderr %q; want %d, %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}

// mancalaCode runs the command and returns its exit code.
func mancalaCode(t *testing.T, args ...string) int {
	t.Helper()
	code, _, _ := mancala(t, "", args...)
	return code
}

type solveLimitJSON struct {
	Exact      *bool   `json:"exact"`
	Limit      string  `json:"limit"`
	Lower      *int    `json:"lower"`
	Upper      *int    `json:"upper"`
	Best       string  `json:"best"`
	BestProven *bool   `json:"best_proven"`
	Depth      int     `json:"depth"`
	Nodes      uint64  `json:"nodes"`
	Seconds    float64 `json:"seconds"`
}

// TestSolveLimit: a solve that meets its limit ends with the answer "too
// large", what it found, and exit code 3; the limits are node counts here,
// so that the test does not depend on the machine's speed.
func TestSolveLimit(t *testing.T) {
	solveCache(t)
	for _, c := range []struct {
		args  []string
		seeds int
	}{
		{[]string{"togyz", "--max-nodes", "200000"}, 162},
		{[]string{"oware", "--max-nodes", "1000"}, 48},
		{[]string{"congkak", "--max-nodes", "100000"}, 98},
		{[]string{"kalah", "--db-seeds", "-1", "--max-nodes", "100000"}, 48},
	} {
		args := append([]string{"solve", "--quiet"}, c.args...)
		code, out, errOut := mancala(t, "", args...)
		if code != 3 || errOut != "mancala: solve: not solved exactly within "+c.args[len(c.args)-1]+" nodes (--max-nodes)\n" {
			t.Errorf("%q: exit %d, stderr %q; want 3 and the limit", args, code, errOut)
		}
		re := regexp.MustCompile(`^too large to solve exactly within ` + c.args[len(c.args)-1] + ` nodes; best found so far: move [1-9], value (not bounded yet|≥ [+-]\d+|≤ [+-]\d+|between [+-]\d+ and [+-]\d+) \(depth \d+\)\nnodes: \d+ in `)
		if !re.MatchString(out) {
			t.Errorf("%q: output\n%s", args, out)
		}
		// The JSON says the same.
		code, out, _ = mancala(t, "", append(args, "--json")...)
		var js solveLimitJSON
		decodeStrict(t, out, &js)
		if code != 3 || js.Exact == nil || *js.Exact || js.Limit != "nodes" || js.Lower == nil || js.Upper == nil || *js.Lower > *js.Upper ||
			*js.Lower < -c.seeds || *js.Upper > c.seeds || js.Best == "" || js.BestProven == nil || js.Depth < 1 || js.Nodes == 0 {
			t.Errorf("%q --json: exit %d, %s", args, code, out)
		}
		if mv := mancalaCode(t, "play", c.args[0], js.Best); mv != 0 {
			t.Errorf("%q: best %q is not a legal move", args, js.Best)
		}
	}
	// Stopped in the exact stage: Kalah(4,3) without a database, whose
	// value is 6, gets bounds around 6 and, once its lower bound is
	// raised, a move that proves it.
	var full solveJSON
	decodeStrict(t, mustRun(t, "", "solve", "kalah", "--opt", "pits=4", "--opt", "seeds=3", "--db-seeds", "-1", "--threads", "1", "--json"), &full)
	code, out, _ := mancala(t, "", "solve", "kalah", "--opt", "pits=4", "--opt", "seeds=3", "--db-seeds", "-1", "--threads", "1", "--json",
		"--max-nodes", fmt.Sprint(full.Nodes*2/3))
	var js solveLimitJSON
	decodeStrict(t, out, &js)
	if code != 3 || *js.Lower > 6 || *js.Upper < 6 || js.Depth != 14 {
		t.Errorf("Kalah(4,3) cut short: exit %d, %s", code, out)
	}
	if *js.BestProven && *js.Lower <= -24 {
		t.Errorf("Kalah(4,3) cut short: a proven move without a bound: %s", out)
	}
	// No limit at all (0): small boards solve as before.
	out = mustRun(t, "", "solve", "kalah", "--opt", "pits=3", "--opt", "seeds=2", "--timeout", "0", "--max-nodes", "0", "--json")
	var exact solveJSON
	decodeStrict(t, out, &exact)
	if exact.Exact == nil || !*exact.Exact || exact.Value == nil {
		t.Errorf("Kalah(3,2) without limits: %s", out)
	}
	// A solitaire's time limit: the same answer (a 1ns limit has always
	// passed when the search looks).
	code, out, errOut := mancala(t, "", "solve", "tchuka", "--opt", "pits=8", "--opt", "seeds=15", "--count", "--timeout", "1ns")
	if code != 3 || out != "too large to solve exactly within 1ns; nothing found yet\n" || !strings.Contains(errOut, "(--timeout)") {
		t.Errorf("tchuka with --timeout 1ns: exit %d, %q, %q", code, out, errOut)
	}
	// The time limit of two-player games, likewise.
	code, out, errOut = mancala(t, "", "solve", "togyz", "--timeout", "1ns", "--quiet", "--json")
	decodeStrict(t, out, &js)
	if code != 3 || js.Limit != "time" || *js.Exact || errOut != "mancala: solve: not solved exactly within 1ns (--timeout)\n" {
		t.Errorf("togyz with --timeout 1ns: exit %d, %s, %q", code, out, errOut)
	}
}

// TestSolveProgressLines: a long solve prints progress lines on stderr
// (here at every report, where the command prints one every few seconds),
// and --quiet silences them.
func TestSolveProgressLines(t *testing.T) {
	var buf strings.Builder
	oldW, oldEvery := solveStderr, solveProgressEvery
	solveStderr, solveProgressEvery = &buf, 0
	defer func() { solveStderr, solveProgressEvery = oldW, oldEvery }()
	code, _, _ := mancala(t, "", "solve", "togyz", "--max-nodes", "2500000")
	if code != 3 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	re := regexp.MustCompile(`^solve: \d+\.\d s: (depth \d+|exact search, depth \d+ done, value in \[[+-]\d+, [+-]\d+\])(, best \d)?; \d+ nodes \(\d+ nodes/s\)$`)
	million := 0
	for _, l := range lines {
		if !re.MatchString(l) {
			t.Errorf("progress line %q", l)
		}
		if strings.Contains(l, "; 1048") || strings.Contains(l, "; 2097") {
			million++
		}
	}
	if len(lines) < 4 || million < 2 {
		t.Errorf("progress lines:\n%s", buf.String())
	}
	buf.Reset()
	mancala(t, "", "solve", "togyz", "--max-nodes", "100000", "--quiet")
	if buf.Len() != 0 {
		t.Errorf("--quiet printed %q", buf.String())
	}
}

// TestSolveTimeoutCoversTheDatabase: --timeout bounds the build of an
// endgame database too, and a build cut short leaves nothing in the cache
// (a 1ns limit has always passed when the build first looks). A database
// over 100 MB is not built without --build-db: the solve says which one
// and how large (here Kalah with 8 pits of 8, whose 16-seed database is
// 601 MB) and builds the largest under 100 MB instead.
func TestSolveTimeoutCoversTheDatabase(t *testing.T) {
	dir := solveCache(t)
	cached := func() []string {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	var errBuf strings.Builder
	oldW := solveStderr
	solveStderr = &errBuf
	defer func() { solveStderr = oldW }()
	for _, c := range []struct {
		name, stdin string
		args        []string
		note        string // on stderr: the database not built, or none
	}{
		{"kalah(4,3)", "", []string{"kalah", "--opt", "pits=4", "--opt", "seeds=3", "--db-seeds", "12"}, ""},
		{"kalah(8,8)", "", []string{"kalah", "--opt", "pits=8", "--opt", "seeds=8"},
			"solve: the 16-seed endgame database (601 MB) is not in the cache and was not built; --build-db builds it there (it takes minutes: give --timeout 0 or a longer one)\n"},
		{"an Oware endgame", owareEndgame([6]int{1, 0, 2, 0, 0, 1}, [6]int{0, 1, 0, 0, 2, 1}, 20, 20), []string{"--from", "-", "--db-seeds", "10"}, ""},
	} {
		errBuf.Reset()
		code, out, errOut := mancala(t, c.stdin, append([]string{"solve"}, append(c.args, "--timeout", "1ns")...)...)
		if code != 3 || !strings.HasPrefix(out, "too large to solve exactly within 1ns; nothing found yet\n") || errOut != "mancala: solve: not solved exactly within 1ns (--timeout)\n" {
			t.Errorf("%s with --timeout 1ns: exit %d, %q, %q", c.name, code, out, errOut)
		}
		if got := errBuf.String(); got != c.note {
			t.Errorf("%s: notes %q, want %q", c.name, got, c.note)
		}
		if files := cached(); len(files) != 0 {
			t.Errorf("%s: a build cut short left %q in the cache", c.name, files)
		}
	}
}
