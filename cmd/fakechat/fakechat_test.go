package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSession builds the real bot, lets fakechat start it against the
// fakes, and plays the opening of a game on each platform: a challenge,
// a stranger's refused press, the accept button, one move.
func TestSession(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the bot")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "mancala")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/mancala-bot/mancala/cmd/mancala").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script := `
# Discord
discord alice /new kalah @bob
press discord carol ✔
press discord bob ✔
press discord alice 3
discord carol ru /move 1
# Telegram
telegram alice /new kalah @bob
press telegram carol ✔
press telegram bob ✔
wait 2
press telegram alice 3
wait 4
`
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out bytes.Buffer
	if err := run(ctx, []string{"--run", "--bin", bin, "--dir", dir}, strings.NewReader(script), &out, true); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	t.Logf("session:\n%s", out.String())

	// What each action caused: the output between its echo and the next.
	got := map[string]string{}
	var action string
	for line := range strings.Lines(out.String()) {
		if a, ok := strings.CutPrefix(line, "> "); ok {
			action = strings.TrimSpace(a)
			continue
		}
		got[action] += line
	}
	want := []struct{ action, says string }{
		{"discord alice /new kalah @bob", "[discord] d1 new\n    │ @alice challenges @bob to a game of Kalah.|buttons: [✔ Accept] [✖ Decline]"},
		{"press discord carol ✔", "[discord] d2 new, only carol sees it\n"},
		{"press discord bob ✔", "[discord] d1 edited\n    │ Challenge accepted!|buttons: [1] [2] [3] [4] [5] / [6]|image: "},
		{"press discord alice 3", "[discord] d1 edited\n    │ @alice played pit 3.|image: "},
		{"discord carol ru /move 1", "only carol sees it|│ Вы не"},
		{"telegram alice /new kalah @bob", "[telegram] #2 new\n    │ @alice challenges @bob to a game of Kalah.|buttons: [✔ Accept] [✖ Decline]"},
		{"press telegram carol ✔", "[telegram] an alert only carol sees:"},
		{"press telegram bob ✔", "[telegram] #2 edited\n    │ @alice challenges @bob to a game of Kalah. @bob, press ✔ Accept or send /accept; ✖ Decline turns it down.\n    buttons: none|[telegram] #3 new\n    │ Challenge accepted!|image: "},
		{"press telegram alice 3", "[telegram] #3 edited\n    │ @alice played pit 3.|image: "},
	}
	for _, w := range want {
		for _, s := range strings.Split(w.says, "|") {
			if !strings.Contains(got[w.action], s) {
				t.Errorf("after %q the output lacks %q; it is:\n%s", w.action, s, got[w.action])
			}
		}
	}
	// Players who answer at once are pinged by no turn notice.
	if strings.Contains(out.String(), "🔔") {
		t.Errorf("a turn notice in a quick game:\n%s", out.String())
	}
	if strings.Contains(out.String(), "error:") || strings.Contains(out.String(), "no answer") {
		t.Errorf("the session had an error:\n%s", out.String())
	}
	// The images are there and are PNGs.
	n := 0
	for line := range strings.Lines(out.String()) {
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "image: "); ok {
			n++
			if b, err := os.ReadFile(p); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
				t.Errorf("image %s: not a PNG (%v)", p, err)
			}
		}
	}
	if n < 4 {
		t.Errorf("%d images printed, want at least 4", n)
	}
}

// TestLongLine: an action line of 70,000 bytes is refused, and the actions
// after it are still read (here without the bot: help needs none).
func TestLongLine(t *testing.T) {
	var out bytes.Buffer
	script := strings.Repeat("x", 70000) + "\r\nhelp\n" + "press discord \x1b[2Jbob ✔\n"
	if err := run(context.Background(), []string{"--dir", t.TempDir()}, strings.NewReader(script), &out, true); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	got := out.String()
	for _, want := range []string{
		"error: line too long (70000 bytes); at most 4096\n",
		"> help\n",
		"actions, one a line:",
		"> press discord bob ✔\n", // the echo without the escape
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%.3000s", want, got)
		}
	}
	if strings.Contains(got, "xxxx") || strings.Contains(got, "\x1b") {
		t.Errorf("the long line or an escape is in the output:\n%.3000s", got)
	}
}
