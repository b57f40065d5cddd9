package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// mancala runs the command with the given arguments and standard input.
func mancala(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	// A solve that names no --timeout of its own runs without one: the
	// default minute is for people, and a test must not race the wall
	// clock on a loaded machine (building a database counts against it).
	if len(args) > 0 && args[0] == "solve" && !slices.Contains(args, "--timeout") {
		args = append(args[:len(args):len(args)], "--timeout", "0")
	}
	var out, errOut bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// mustRun runs the command and fails the test unless it succeeds quietly.
func mustRun(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, errOut := mancala(t, stdin, args...)
	if code != 0 || errOut != "" {
		t.Fatalf("mancala %q: exit %d, stderr %q", args, code, errOut)
	}
	return out
}

// position reads one position JSON.
func position(t *testing.T, data string) engine.Position {
	t.Helper()
	p, err := engine.ParsePosition([]byte(data))
	if err != nil {
		t.Fatalf("ParsePosition(%s): %v", data, err)
	}
	return p
}

// want describes a position to compare with.
type want struct {
	south, north []int
	stores       [2]int
	toMove       engine.Side
	ply          int
	status       engine.Status
}

func checkPosition(t *testing.T, p engine.Position, w want) {
	t.Helper()
	s := p.Setup()
	if !slices.Equal(s.Pits[0], w.south) || (w.north != nil && !slices.Equal(s.Pits[1], w.north)) {
		t.Errorf("pits = %v, want south %v north %v", s.Pits, w.south, w.north)
	}
	for i, n := range s.Stores {
		if n != w.stores[i] {
			t.Errorf("stores = %v, want %v", s.Stores, w.stores)
			break
		}
	}
	if p.ToMove() != w.toMove || p.Ply() != w.ply || p.Status() != w.status {
		t.Errorf("to move %s, ply %d, status %s; want %s, %d, %s",
			p.ToMove(), p.Ply(), p.Status(), w.toMove, w.ply, w.status)
	}
}

func TestVariants(t *testing.T) {
	out := mustRun(t, "", "variants")
	for _, id := range []string{"kalah", "oware", "togyz", "congkak", "tchuka"} {
		if !regexp.MustCompile(`(?m)^` + id + `: `).MatchString(out) {
			t.Errorf("variants: no line for %s in\n%s", id, out)
		}
	}
	if !strings.Contains(out, "grand_slam=capture") || !strings.Contains(out, "capture|nocapture|forbidden") {
		t.Errorf("variants: oware's grand_slam option missing:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^  repetition=third +third\|first +a repeated position ends the game at its third occurrence, or at its first recurrence \(Abapa's rules, with grand_slam=nocapture\)$`).MatchString(out) {
		t.Errorf("variants: oware's repetition option missing:\n%s", out)
	}

	var vs []struct {
		ID      string       `json:"id"`
		Name    string       `json:"name"`
		Players int          `json:"players"`
		Options []optionJSON `json:"options"`
	}
	out = mustRun(t, "", "variants", "--json")
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("variants --json: %v\n%s", err, out)
	}
	byID := map[string]int{}
	for i, v := range vs {
		byID[v.ID] = i
		if v.Options == nil {
			t.Errorf("%s: options is null, want an array", v.ID)
		}
	}
	for _, id := range []string{"kalah", "oware", "togyz", "congkak", "tchuka"} {
		if _, ok := byID[id]; !ok {
			t.Errorf("variants --json: %s missing", id)
		}
	}
	k := vs[byID["kalah"]]
	if k.Name != "Kalah" || k.Players != 2 || len(k.Options) == 0 {
		t.Fatalf("kalah = %+v", k)
	}
	i := slices.IndexFunc(k.Options, func(o optionJSON) bool { return o.Name == "seeds" })
	if i < 0 {
		t.Fatalf("kalah has no seeds option: %+v", k.Options)
	}
	seeds := k.Options[i]
	if seeds.Kind != "int" || seeds.Default != float64(4) || seeds.Min == nil || seeds.Max == nil || seeds.Doc == "" {
		t.Errorf("kalah seeds = %+v", seeds)
	}
	ow := vs[byID["oware"]]
	if i := slices.IndexFunc(ow.Options, func(o optionJSON) bool { return o.Name == "repetition" }); i < 0 ||
		ow.Options[i].Kind != "enum" || ow.Options[i].Default != "third" || !slices.Equal(ow.Options[i].Values, []string{"third", "first"}) {
		t.Errorf("oware options = %+v", ow.Options)
	}
	if tc := vs[byID["tchuka"]]; tc.Players != 1 {
		t.Errorf("tchuka players = %d", tc.Players)
	}
	for _, o := range vs[byID["oware"]].Options {
		if o.Name == "grand_slam" && (o.Kind != "enum" || o.Default != "capture" || len(o.Values) != 3) {
			t.Errorf("oware grand_slam = %+v", o)
		}
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want want
	}{
		{"start", []string{"play", "kalah"},
			want{south: []int{4, 4, 4, 4, 4, 4}, north: []int{4, 4, 4, 4, 4, 4}}},
		// 4 seeds from pit 3 end in the store: an extra turn.
		{"extra turn", []string{"play", "kalah", "3"},
			want{south: []int{4, 4, 0, 5, 5, 5}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{1, 0}, ply: 1}},
		// 5 from pit 6: the store and North's pits 1..4.
		{"into north", []string{"play", "kalah", "3", "6"},
			want{south: []int{4, 4, 0, 5, 5, 0}, north: []int{5, 5, 5, 5, 4, 4}, stores: [2]int{2, 0}, toMove: engine.North, ply: 2}},
		// North 2 ends in North's store; North 3 (6 seeds) reaches South's
		// pit 2; South 1 (5 seeds) ends in the empty pit 6, facing North
		// pit 1 (5 seeds): 5+1 captured.
		{"capture", []string{"play", "kalah", "3", "6", "2", "3", "1"},
			want{south: []int{0, 6, 1, 6, 6, 0}, north: []int{0, 0, 0, 7, 6, 6}, stores: [2]int{8, 2}, toMove: engine.North, ply: 5}},
		// Flags and moves interleaved; 5 seeds a pit.
		{"interleaved options", []string{"play", "kalah", "3", "--opt", "seeds=5", "4", "--json"},
			want{south: []int{6, 6, 0, 6, 6, 6}, north: []int{6, 5, 5, 0, 6, 6}, stores: [2]int{1, 1}, ply: 2}},
		{"eight pits", []string{"play", "--opt=pits=8", "kalah", "8"},
			want{south: []int{4, 4, 4, 4, 4, 4, 4, 0}, north: []int{5, 5, 5, 4, 4, 4, 4, 4}, stores: [2]int{1, 0}, toMove: engine.North, ply: 1}},
		// One pit of one seed: South sows into the store, South's side is
		// empty, North's seed is swept to North: 1-1.
		{"game over", []string{"play", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "1"},
			want{south: []int{0}, north: []int{0}, stores: [2]int{1, 1}, ply: 1, status: engine.Draw}},
		{"from file", []string{"play", "--from", "testdata/kalah-capture.json", "3"},
			want{south: []int{0, 0, 0, 0, 2, 3}, north: []int{1, 2, 0, 4, 5, 6}, stores: [2]int{14, 11}, toMove: engine.North, ply: 11}},
		{"from file with variant", []string{"play", "kalah", "--from=testdata/kalah-capture.json"},
			want{south: []int{0, 0, 1, 0, 2, 3}, north: []int{1, 2, 3, 4, 5, 6}, stores: [2]int{10, 11}, ply: 10}},
		// Oware: no store sown; the last seed makes North's pit 1 five.
		{"oware from file", []string{"play", "--from", "testdata/oware-start.json", "oware", "3"},
			want{south: []int{4, 4, 0, 5, 5, 5}, north: []int{5, 4, 4, 4, 4, 4}, toMove: engine.North, ply: 1}},
		// A seed a side, 22:24: twelve moves bring the position back. Under
		// Abapa's rules (repetition=first) that ends the game, each side
		// taking its seed: 23:25; by default it goes on.
		{"oware, Abapa: the first recurrence ends the game", []string{"play", "--from", "testdata/oware-abapa-cycle.json", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"},
			want{south: []int{0, 0, 0, 0, 0, 0}, north: []int{0, 0, 0, 0, 0, 0}, stores: [2]int{23, 25}, ply: 12, status: engine.NorthWon}},
		{"oware: a recurrence goes on", []string{"play", "--from", "testdata/oware-cycle.json", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5", "6", "6"},
			want{south: []int{1, 0, 0, 0, 0, 0}, north: []int{1, 0, 0, 0, 0, 0}, stores: [2]int{22, 24}, ply: 12}},
		{"solitaire from file", []string{"play", "tchuka", "1", "--from", "testdata/tchuka-3x3.json", "3"},
			want{south: []int{0, 0, 0}, stores: [2]int{9}, ply: 2, status: engine.Solved}},
		{"tchuka solution", []string{"play", "tchuka", "3", "4", "3", "4", "2", "4"},
			want{south: []int{0, 0, 0, 0}, stores: [2]int{8}, ply: 6, status: engine.Solved}},
		{"after --", []string{"play", "kalah", "--json", "--", "3"},
			want{south: []int{4, 4, 0, 5, 5, 5}, north: []int{4, 4, 4, 4, 4, 4}, stores: [2]int{1, 0}, ply: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if !slices.Contains(args, "--json") {
				args = append(slices.Clone(args), "--json")
			}
			out := mustRun(t, "", args...)
			if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "}\n") {
				t.Fatalf("want one JSON object and a newline, got %q", out)
			}
			checkPosition(t, position(t, out), tt.want)

			// The text form shows the same position.
			text := mustRun(t, "", slices.DeleteFunc(slices.Clone(args), func(s string) bool { return s == "--json" })...)
			// Compare the boards but not their first lines: position JSON
			// does not keep a finished game's end reason.
			p := position(t, out)
			_, board, _ := strings.Cut(p.String(), "\n")
			head, rest, _ := strings.Cut(text, "\n")
			if !strings.HasPrefix(rest, board) || !strings.HasPrefix(head, p.Rules().Variant().ID+" ply ") {
				t.Errorf("text output does not start with the board:\n%s\nwant\n%s", text, p.String())
			}
			if !strings.Contains(text, "store") {
				t.Errorf("text output has no stores line:\n%s", text)
			}
			if p.Status().Over() && !strings.Contains(text, "result: ") {
				t.Errorf("finished game without a result line:\n%s", text)
			}
		})
	}
}

func TestPlayTextSummary(t *testing.T) {
	out := mustRun(t, "", "play", "kalah", "3", "6", "2", "3", "1")
	if !strings.HasSuffix(out, "stores: south 8, north 2\n") {
		t.Errorf("got\n%s", out)
	}
	out = mustRun(t, "", "play", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "1")
	if !strings.HasSuffix(out, "stores: south 1, north 1; result: draw (empty_side)\n") {
		t.Errorf("got\n%s", out)
	}
	out = mustRun(t, "", "play", "tchuka", "3", "4", "3", "4", "2", "4")
	if !strings.HasSuffix(out, "store: 8 of 8 seeds; result: solved (cleared)\n") {
		t.Errorf("got\n%s", out)
	}
}

func TestPlayJSONRoundTrip(t *testing.T) {
	for _, args := range [][]string{
		{"play", "kalah", "3", "6", "2", "--json"},
		{"play", "kalah", "--opt", "pie=true", "3", "6", "--json"},
		{"play", "oware", "1", "2", "3", "--json"},
		{"play", "togyz", "1", "2", "3", "4", "--json"},
		{"play", "congkak", "1", "--json"},
		{"play", "tchuka", "--opt", "pits=5", "--opt", "seeds=3", "2", "--json"},
	} {
		out := mustRun(t, "", args...)
		p := position(t, out)
		again, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if string(again)+"\n" != out {
			t.Errorf("%q: round trip changed the JSON:\n%s\n%s", args, out, again)
		}
		// Feeding it back in through --from gives the same position.
		if back := mustRun(t, out, "play", "--from", "-", "--json"); back != out {
			t.Errorf("%q: --from - gave\n%s\nwant\n%s", args, back, out)
		}
	}
}

func TestPlayTrace(t *testing.T) {
	out := mustRun(t, "", "play", "kalah", "3", "1", "--trace")
	headers := regexp.MustCompile(`(?m)^kalah ply \d+: `).FindAllString(out, -1)
	if len(headers) != 3 {
		t.Errorf("want 3 boards, got %d:\n%s", len(headers), out)
	}
	for _, line := range []string{
		"move 3 (ply 1, south): sowed 4 seeds from south pit 3 to south store, extra turn\n",
		"move 1 (ply 2, south): sowed 4 seeds from south pit 1 to south pit 5\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("trace lacks %q:\n%s", line, out)
		}
	}
	out = mustRun(t, "", "play", "kalah", "3", "6", "2", "3", "1", "--trace")
	if want := "move 1 (ply 5, south): sowed 5 seeds from south pit 1 to south pit 6, captured 5 from north pit 1 and 1 from south pit 6\n"; !strings.Contains(out, want) {
		t.Errorf("trace lacks %q:\n%s", want, out)
	}
	out = mustRun(t, "", "play", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "1", "--trace")
	if want := "move 1 (ply 1, south): sowed 1 seed from south pit 1 to south store, swept the seeds left: 1 to north store, game over: draw (empty_side)\n"; !strings.Contains(out, want) {
		t.Errorf("trace lacks %q:\n%s", want, out)
	}

	// JSON: one object a line, the start first.
	out = mustRun(t, "", "play", "kalah", "3", "1", "6", "--trace", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("want 4 lines, got %d:\n%s", len(lines), out)
	}
	wantMoves := []string{"", "3", "1", "6"}
	wantSides := []string{"", "south", "south", "north"}
	for i, line := range lines {
		var step struct {
			Ply    int               `json:"ply"`
			Move   string            `json:"move"`
			Side   string            `json:"side"`
			Events []json.RawMessage `json:"events"`
			Pos    json.RawMessage   `json:"position"`
		}
		if err := json.Unmarshal([]byte(line), &step); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if step.Ply != i || step.Move != wantMoves[i] || step.Side != wantSides[i] {
			t.Errorf("line %d: ply %d move %q side %q", i, step.Ply, step.Move, step.Side)
		}
		if (i == 0) != (step.Events == nil) {
			t.Errorf("line %d: events %s", i, step.Events)
		}
		if p := position(t, string(step.Pos)); p.Ply() != i {
			t.Errorf("line %d: position at ply %d", i, p.Ply())
		}
	}
	var first struct {
		Events []map[string]any `json:"events"`
	}
	json.Unmarshal([]byte(lines[1]), &first)
	if len(first.Events) == 0 || first.Events[0]["kind"] != "pickup" || first.Events[0]["owner"] != "south" ||
		first.Events[0]["pit"] != float64(3) || first.Events[0]["count"] != float64(4) {
		t.Errorf("first event of move 3 = %v", first.Events)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		msg   string // the exact line when it starts with "mancala: ", else a part of it
	}{
		{"unknown variant", []string{"play", "nosuch", "3"}, "", 2, `unknown variant "nosuch"`},
		{"unknown option", []string{"play", "kalah", "--opt", "colour=red"}, "", 2, `unknown option "colour" for kalah`},
		{"bad option value", []string{"play", "kalah", "--opt", "seeds=99"}, "", 2, "mancala: option seeds: 99 is outside 1..8\n"},
		{"bad bool option", []string{"play", "kalah", "--opt", "pie=maybe"}, "", 2, `option pie: "maybe" is not true or false`},
		{"option without value", []string{"play", "kalah", "--opt", "seeds"}, "", 2, "want key=value"},
		{"option twice", []string{"play", "kalah", "--opt", "seeds=5", "--opt", "seeds=6"}, "", 2, "option seeds given twice"},
		{"empty pit", []string{"play", "kalah", "3", "3"}, "", 1, "mancala: move 2 (ply 1): pit 3 is empty\n"},
		{"no such pit", []string{"play", "kalah", "7"}, "", 1, "mancala: move 1 (ply 0): there is no pit 7\n"},
		{"not a move", []string{"play", "kalah", "3", "x"}, "", 1, `mancala: move 2: "x" is not a move (write a pit number such as 3)` + "\n"},
		{"game over", []string{"play", "kalah", "--opt", "pits=1", "--opt", "seeds=1", "1", "1"}, "", 1, "mancala: move 2 (ply 1): the game is over\n"},
		{"illegal from file", []string{"play", "--from", "testdata/kalah-capture.json", "1"}, "", 1, "mancala: move 1 (ply 10): pit 1 is empty\n"},
		{"malformed json", []string{"play", "--from", "testdata/malformed.json"}, "", 1, "mancala: testdata/malformed.json: position JSON, line 3, column 12: invalid character ','"},
		{"impossible position", []string{"play", "--from", "testdata/kalah-badpits.json"}, "", 1, "mancala: testdata/kalah-badpits.json: pits.south: want 6 pits, got 5\n"},
		{"missing file", []string{"play", "--from", "testdata/nosuch.json"}, "", 1, "nosuch.json"},
		{"empty stdin", []string{"play", "--from", "-"}, "", 1, "mancala: stdin: position JSON: empty input\n"},
		{"variant mismatch", []string{"play", "oware", "--from", "testdata/kalah-capture.json"}, "", 2, "mancala: testdata/kalah-capture.json: the position is a kalah position, not oware\n"},
		{"opt with from", []string{"play", "kalah", "--from", "testdata/kalah-capture.json", "--opt", "seeds=5"}, "", 2, "options come from the position file"},
		{"no variant", []string{"play"}, "", 2, "missing VARIANT"},
		{"unknown flag", []string{"play", "kalah", "--bogus", "3"}, "", 2, "mancala: unknown flag --bogus\n"},
		{"flag without value", []string{"play", "kalah", "--from"}, "", 2, "mancala: flag --from needs a value\n"},
		{"flag twice", []string{"play", "--from", "a", "--from", "b"}, "", 2, "flag --from given twice"},
		{"bad bool flag", []string{"play", "kalah", "--json=maybe"}, "", 2, "flag --json"},
		{"depth zero", []string{"perft", "kalah", "0"}, "", 2, `DEPTH "0": want a whole number from 1 to 40`},
		{"depth too big", []string{"perft", "kalah", "41"}, "", 2, `DEPTH "41"`},
		{"depth not a number", []string{"perft", "kalah", "deep"}, "", 2, `DEPTH "deep"`},
		{"perft no depth", []string{"perft", "kalah"}, "", 2, "want VARIANT DEPTH"},
		{"perft extra argument", []string{"perft", "kalah", "3", "4"}, "", 2, "too many arguments"},
		{"perft unknown variant", []string{"perft", "nosuch", "3"}, "", 2, `unknown variant "nosuch"`},
		{"perft unknown flag", []string{"perft", "kalah", "3", "--trace"}, "", 2, "unknown flag --trace"},
		{"perft mismatch", []string{"perft", "tchuka", "3", "--from", "testdata/kalah-capture.json"}, "", 2, "not tchuka"},
		{"variants argument", []string{"variants", "kalah"}, "", 2, "variants takes no arguments"},
		{"unknown command", []string{"frobnicate"}, "", 2, `mancala: unknown command "frobnicate" (run "mancala help")` + "\n"},
		{"flag first", []string{"--json"}, "", 2, "unknown flag --json"},
	}
	tests = append(tests, struct {
		name  string
		args  []string
		stdin string
		code  int
		msg   string
	}{"serve argument", []string{"serve", "kalah"}, "", 2, "serve takes no arguments"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := mancala(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") || !strings.HasPrefix(errOut, "mancala: ") {
				t.Errorf("stderr %q, want one line starting with \"mancala: \"", errOut)
			}
			if strings.HasPrefix(tt.msg, "mancala: ") && strings.HasSuffix(tt.msg, "\n") {
				if errOut != tt.msg {
					t.Errorf("stderr %q, want %q", errOut, tt.msg)
				}
			} else if !strings.Contains(errOut, tt.msg) {
				t.Errorf("stderr %q, want it to contain %q", errOut, tt.msg)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, errOut := mancala(t, "", args...)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: mancala") || !strings.Contains(out, "perft") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	for _, cmd := range []string{"variants", "play", "perft"} {
		out := mustRun(t, "", cmd, "-h")
		if !strings.HasPrefix(out, "usage: mancala "+cmd) {
			t.Errorf("%s -h: %q", cmd, out)
		}
	}
}

func TestPerft(t *testing.T) {
	out := mustRun(t, "", "perft", "kalah", "3", "--json")
	var res struct {
		Depth []uint64 `json:"depth"`
		NPS   *uint64  `json:"nodes_per_second"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if !slices.Equal(res.Depth, []uint64{6, 35, 185}) || res.NPS == nil || *res.NPS == 0 {
		t.Errorf("perft kalah 3 --json = %s", out)
	}
	if !strings.HasSuffix(out, "}\n") || strings.Count(out, "\n") != 1 {
		t.Errorf("want one line: %q", out)
	}

	out = mustRun(t, "", "perft", "tchuka", "6")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 7 || lines[0] != "depth 1: 4" || lines[5] != "depth 6: 1" {
		t.Errorf("perft tchuka 6:\n%s", out)
	}
	if !regexp.MustCompile(`^24 leaves in \d+\.\d{3} s: \d+ leaves/s$`).MatchString(lines[6]) {
		t.Errorf("last line %q", lines[6])
	}

	// --full plays the last ply too: same counts.
	full := mustRun(t, "", "perft", "--full", "oware", "4", "--json")
	bulk := mustRun(t, "", "perft", "oware", "4", "--json")
	if full[:strings.Index(full, "]")] != bulk[:strings.Index(bulk, "]")] {
		t.Errorf("--full %s, bulk %s", full, bulk)
	}

	// From a file, with and without the variant; options.
	for _, args := range [][]string{
		{"perft", "--from", "testdata/tchuka-3x3.json", "3", "--json"},
		{"perft", "tchuka", "3", "--from=testdata/tchuka-3x3.json", "--json"},
	} {
		out := mustRun(t, "", args...)
		if !strings.HasPrefix(out, `{"depth":[2,1,0],`) {
			t.Errorf("%q: %s", args, out)
		}
	}
	out = mustRun(t, "", "perft", "kalah", "1", "--opt", "pits=3", "--json")
	if !strings.HasPrefix(out, `{"depth":[3],`) {
		t.Errorf("kalah pits=3: %s", out)
	}
}

func TestParseArgs(t *testing.T) {
	specs := []flagSpec{{"opt", listFlag}, {"from", valueFlag}, {"json", boolFlag}, {"trace", boolFlag}}
	a, err := parseArgs([]string{"kalah", "3", "--opt", "seeds=5", "4", "--json", "-trace=false",
		"--from=f.json", "--opt=pie=true", "-", "--", "--json", "-5"}, specs...)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.pos, []string{"kalah", "3", "4", "-", "--json", "-5"}) {
		t.Errorf("pos = %q", a.pos)
	}
	if !slices.Equal(a.lists["opt"], []string{"seeds=5", "pie=true"}) {
		t.Errorf("opt = %q", a.lists["opt"])
	}
	if !a.bools["json"] || a.bools["trace"] || a.vals["from"] != "f.json" {
		t.Errorf("bools %v vals %v", a.bools, a.vals)
	}
	opts, err := a.options()
	if err != nil || opts["seeds"] != "5" || opts["pie"] != "true" {
		t.Errorf("options = %v, %v", opts, err)
	}
	for _, bad := range [][]string{{"--nope"}, {"--from"}, {"--json=2"}, {"--=x"}} {
		if _, err := parseArgs(bad, specs...); exitCode(err) != 2 {
			t.Errorf("%q: err %v", bad, err)
		}
	}
}

func TestTraceTogyz(t *testing.T) {
	// The first 24 moves of a random game: the 22nd, North's, makes South's pit 7 a
	// tuzdyk, and the next sowings pass seeds through it.
	moves := strings.Fields("6 9 3 4 2 8 2 6 5 7 7 8 4 3 5 9 4 3 6 4 3 1 1 2")
	out := mustRun(t, "", append([]string{"play", "togyz", "--trace"}, moves...)...)
	for _, want := range []string{
		"move 1 (ply 22, north): sowed 16 seeds from north pit 1 to south pit 7, south pit 7 became north's tuzdyk, captured 3 from south pit 7\n",
		"move 1 (ply 23, south): sowed 18 seeds from south pit 1 to north pit 9, 1 seed through tuzdyk south pit 7 to north store\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("trace lacks %q", want)
		}
	}
}

func TestPerftInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	if code := run(ctx, []string{"perft", "kalah", "3"}, strings.NewReader(""), &out, &errOut); code != 1 ||
		errOut.String() != "mancala: perft: interrupted before depth 1\n" {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}
