package discord

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mancala-bot/mancala/bot"
)

var update = flag.Bool("update", false, "rewrite testdata/commands.golden.json from the commands the adapter registers")

// The slash commands the adapter registers are, byte for byte, those of
// testdata/commands.golden.json: the bulk overwrite's body as the fake
// Discord received it, for a handler offering DefaultLevels (as the
// program's does). A change to a command, an option, a choice or a
// localization shows here; rewrite the file with -update and review the
// diff.
func TestRegisteredCommandsGolden(t *testing.T) {
	h := start(t, setup{Handler: HandlerFunc(func(context.Context, bot.Request) []bot.Reply { return nil })})
	sets := h.srv.Commands()
	if len(sets) != 1 || sets[0].Raw == nil {
		t.Fatalf("want one bulk overwrite, got %d registrations", len(sets))
	}
	got := sets[0].Raw
	path := filepath.Join("testdata", "commands.golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		n := 0
		for n < len(got) && n < len(want) && got[n] == want[n] {
			n++
		}
		t.Errorf("registered commands differ from %s at byte %d (%d bytes, want %d):\n got …%s…\nwant …%s…",
			path, n, len(got), len(want), excerpt(got, n), excerpt(want, n))
	}
}

// excerpt is b around offset n, for a failure message.
func excerpt(b []byte, n int) string {
	lo, hi := max(n-60, 0), min(n+60, len(b))
	return string(b[lo:hi])
}
