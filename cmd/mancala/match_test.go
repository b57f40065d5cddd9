package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMatchMargin: a match of Kalah prints A's average store margin; one
// of Bao la Kiswahili, which keeps no stores, says it has no margin
// rather than an "average store margin" made of whole wins.
func TestMatchMargin(t *testing.T) {
	for _, tc := range []struct {
		variant     string
		want, never string
	}{
		{"kalah", "average store margin for A: ", "no store margin"},
		{"bao", "no store margin: bao keeps no stores, its result is the wins and losses", "average store margin"},
	} {
		var stdout, stderr bytes.Buffer
		args := []string{"match", tc.variant, "--a", "beginner", "--b", "beginner", "--games", "2", "--workers", "1"}
		if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.variant, code, stderr.String())
		}
		if out := stdout.String(); !strings.Contains(out, tc.want) || strings.Contains(out, tc.never) {
			t.Errorf("%s:\n%s\nwant %q, never %q", tc.variant, out, tc.want, tc.never)
		}
	}
}
