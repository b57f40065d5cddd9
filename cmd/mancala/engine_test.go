package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestEngineCommand: "mancala engine oware" answers the handshake and a
// search on its standard output, and refuses what it cannot play.
func TestEngineCommand(t *testing.T) {
	in := "uci\nisready\nposition startpos moves F\ngo movetime 2000\nquit\n"
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"engine", "oware", "--level", "beginner"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"id name mancala beginner\n", "uciok\n", "readyok\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// After South's F, North moves: one of a-f.
	if !regexp.MustCompile(`(?m)^bestmove [a-f]$`).MatchString(out) {
		t.Errorf("no bestmove of North's houses:\n%s", out)
	}

	// --no-budget is taken (Hard then searches to the deadline, here
	// 50 ms, instead of stopping at its 40 000 positions).
	stdout.Reset()
	stderr.Reset()
	in = "uci\nposition startpos moves F\ngo movetime 50\nisready\nquit\n"
	if code := run(t.Context(), []string{"engine", "oware", "--level", "hard", "--no-budget"}, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("--no-budget: exit %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !regexp.MustCompile(`(?m)^bestmove [a-f]$`).MatchString(out) || !strings.Contains(out, "readyok\n") {
		t.Errorf("--no-budget: no bestmove of North's houses before readyok:\n%s", out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"engine", "kalah"}, "engine: "},
		{[]string{"engine", "oware", "--level", "grandmaster"}, "engine: "},
		{[]string{"engine"}, "missing VARIANT"},
		{[]string{"engine", "oware", "--no-budget=often"}, "no-budget"},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := run(t.Context(), tc.args, strings.NewReader(""), &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d naming %q", tc.args, code, stderr.String(), exitUsage, tc.want)
		}
	}
}
