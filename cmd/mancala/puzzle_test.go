package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/puzzle"
)

func dayPuzzle(t *testing.T, date string) puzzle.Puzzle {
	t.Helper()
	d, err := time.Parse("2006-01-02", date)
	if err != nil {
		t.Fatal(err)
	}
	p, err := puzzle.ForDate(d)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPuzzleText(t *testing.T) {
	for _, c := range []struct{ date, name, kind string }{
		{"2026-11-16", "Tchuka Ruma", "solitaire"},
		{"2026-11-17", "Kalah", "find the best move"},
		{"2026-11-19", "Togyz Kumalak", "find the best move"},
	} {
		p := dayPuzzle(t, c.date)
		out := mustRun(t, "", "puzzle", "--date", c.date)
		for _, want := range []string{
			"Puzzle of " + c.date + " (" + p.ID + ")\n",
			c.name + ", " + c.kind + "; difficulty ",
			"Goal: " + p.Goal + "\n",
			p.Position.String(),
			"mancala puzzle check --date " + c.date + " MOVES...",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("puzzle --date %s: no %q in\n%s", c.date, want, out)
			}
		}
		if strings.Contains(out, "Answer:") {
			t.Errorf("puzzle --date %s shows the answer:\n%s", c.date, out)
		}
		out = mustRun(t, "", "puzzle", "--date", c.date, "--reveal")
		if !strings.Contains(out, "Answer: "+strings.Join(p.Answer, " ")+"\n") {
			t.Errorf("puzzle --reveal: no answer in\n%s", out)
		}
	}
	// A solitaire's pit count differs from the variant's default.
	out := mustRun(t, "", "puzzle", "--date", "2026-11-21")
	if !strings.Contains(out, "Rules: pits=7") {
		t.Errorf("Saturday's rules line missing:\n%s", out)
	}
}

func TestPuzzleJSON(t *testing.T) {
	p := dayPuzzle(t, "2026-11-18")
	out := mustRun(t, "", "puzzle", "--date", "2026-11-18", "--json")
	want, _ := p.JSON(false)
	if out != string(want)+"\n" {
		t.Errorf("puzzle --json:\n%s\nwant\n%s", out, want)
	}
	var j map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	if _, ok := j["answer"]; ok {
		t.Error("--json without --reveal gives the answer")
	}
	position(t, string(j["position"]))

	out = mustRun(t, "", "puzzle", "--reveal", "--json", "--date=2026-11-18")
	var r struct {
		Date, ID, Kind, Variant, Goal string
		Difficulty                    int
		Answer                        []string
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Date != "2026-11-18" || r.ID != p.ID || r.Kind != "best-move" || r.Variant != "oware" ||
		r.Goal != p.Goal || r.Difficulty != p.Difficulty || !slices.Equal(r.Answer, p.Answer) {
		t.Errorf("puzzle --reveal --json: %s", out)
	}

	// Without --date: today, in UTC.
	before := time.Now().UTC().Format("2006-01-02")
	out = mustRun(t, "", "puzzle", "--json")
	after := time.Now().UTC().Format("2006-01-02")
	var d struct{ Date string }
	json.Unmarshal([]byte(out), &d)
	if d.Date != before && d.Date != after {
		t.Errorf("puzzle without --date is of %s, not today (%s)", d.Date, before)
	}
}

func TestPuzzleKind(t *testing.T) {
	out := mustRun(t, "", "puzzle", "--date", "2026-11-20", "--kind", "solitaire", "--json")
	var d struct{ Date, Kind string }
	json.Unmarshal([]byte(out), &d)
	if d.Date != "2026-11-16" || d.Kind != "solitaire" {
		t.Errorf("--kind solitaire on a Friday: %s", out)
	}
	out = mustRun(t, "", "puzzle", "--date", "2026-11-20", "--kind", "oware", "--json")
	json.Unmarshal([]byte(out), &d)
	if d.Date != "2026-11-18" {
		t.Errorf("--kind oware on a Friday: %s", out)
	}
	p := dayPuzzle(t, "2026-11-16")
	if out := mustRun(t, "", "puzzle", "check", "--date", "2026-11-20", "--kind", "tchuka", strings.Join(p.Answer, " ")); out != "correct\n" {
		t.Errorf("check --kind tchuka: %q", out)
	}
}

func TestPuzzleCheck(t *testing.T) {
	tue := dayPuzzle(t, "2026-11-17") // Kalah, one move
	mon := dayPuzzle(t, "2026-11-16") // Tchuka Ruma
	var wrong string
	for _, m := range tue.Position.Moves() {
		if m.String() != tue.Answer[0] {
			wrong = m.String()
			break
		}
	}
	var empty string
	for i := 1; i <= 6; i++ {
		if tue.Position.Pit(tue.Position.ToMove(), i) == 0 {
			empty = string(rune('0' + i))
			break
		}
	}
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string // a part of the one line
	}{
		{"right", []string{"--date", "2026-11-17", tue.Answer[0]}, 0, "correct\n", ""},
		{"right solitaire, one pit an argument", append([]string{"--date", "2026-11-16"}, mon.Answer...), 0, "correct\n", ""},
		{"right solitaire, one argument", []string{"--date", "2026-11-16", strings.Join(mon.Answer, " ")}, 0, "correct\n", ""},
		{"wrong", []string{"--date", "2026-11-17", wrong}, 1, "", "mancala: wrong: " + wrong + " is not the move that does it"},
		{"illegal: no such pit", []string{"--date", "2026-11-17", "8"}, 1, "", "mancala: illegal move 1 (8): there is no pit 8"},
		{"malformed", []string{"--date", "2026-11-17", "x3"}, 1, "", `mancala: malformed answer: "x3" is not a move`},
		{"not finished", []string{"--date", "2026-11-16", mon.Answer[0]}, 1, "", "mancala: not finished: "},
		{"too many", []string{"--date", "2026-11-17", tue.Answer[0], "1"}, 1, "", "mancala: too many moves"},
		{"no moves", []string{"--date", "2026-11-17"}, 2, "", "mancala: puzzle check: give the moves"},
		{"bad date", []string{"--date", "17/11/2026", "3"}, 2, "", `mancala: puzzle: --date "17/11/2026": want a day written YYYY-MM-DD`},
		{"reveal", []string{"--reveal", "3"}, 2, "", "--reveal is for showing the puzzle"},
	}
	if empty != "" {
		cases = append(cases, struct {
			name           string
			args           []string
			code           int
			stdout, stderr string
		}{"illegal: empty pit", []string{"--date", "2026-11-17", empty}, 1, "", "pit " + empty + " is empty"})
	}
	for _, c := range cases {
		code, out, errOut := mancala(t, "", append([]string{"puzzle", "check"}, c.args...)...)
		if code != c.code || out != c.stdout || !strings.Contains(errOut, c.stderr) || strings.Count(errOut, "\n") > 1 ||
			(c.code != 0) != (errOut != "") {
			t.Errorf("%s: puzzle check %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.name, c.args, code, out, errOut, c.code, c.stdout, c.stderr)
		}
	}

	// --json
	code, out, _ := mancala(t, "", "puzzle", "check", "--json", "--date", "2026-11-17", tue.Answer[0])
	if code != 0 || out != `{"id":"`+tue.ID+`","correct":true}`+"\n" {
		t.Errorf("check --json: %d %s", code, out)
	}
	code, out, errOut := mancala(t, "", "puzzle", "check", "--json", "--date", "2026-11-17", wrong)
	var j struct {
		Correct bool
		Error   struct {
			Kind    string
			Move    int
			Message string
		}
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || code != 1 || j.Correct || j.Error.Kind != "wrong" || j.Error.Move != 1 ||
		!strings.HasPrefix(j.Error.Message, "wrong:") || !strings.Contains(errOut, j.Error.Message) {
		t.Errorf("check --json, wrong: %d %s %s (%v)", code, out, errOut, err)
	}
}

func TestPuzzleUsage(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"puzzle", "today"}, `mancala: puzzle: unexpected argument "today"`},
		{[]string{"puzzle", "--date", "2026-02-30"}, `mancala: puzzle: --date "2026-02-30": want a day written YYYY-MM-DD`},
		{[]string{"puzzle", "--kind", "bao"}, `mancala: puzzle: --kind: unknown puzzle kind "bao" (known: solitaire, best-move, tchuka, kalah, oware, togyz, congkak)`},
		{[]string{"puzzle", "--level", "3"}, "mancala: unknown flag --level"},
		{[]string{"puzzle", "--date"}, "mancala: flag --date needs a value"},
	} {
		code, out, errOut := mancala(t, "", c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.stderr) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errOut, c.stderr)
		}
	}
	if out := mustRun(t, "", "puzzle", "--help"); !strings.HasPrefix(out, "usage: mancala puzzle") {
		t.Errorf("puzzle --help: %q", out)
	}
}
