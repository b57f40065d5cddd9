package telegram_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/commands.golden.txt from the menus the adapter registers")

// The command menus the adapter registers are, byte for byte, those of
// testdata/commands.golden.txt: each setMyCommands call's language_code
// and commands fields as the fake Telegram received them, in the order
// sent. Rewrite the file with -update and review the diff.
func TestCommandMenusGolden(t *testing.T) {
	t.Parallel()
	e := start(t, &recorder{}, nil)
	if !e.srv.WaitFor(10*time.Second, func() bool { return len(e.srv.Calls("setMyCommands")) == 4 }) {
		t.Fatalf("setMyCommands calls: %d, want 4", len(e.srv.Calls("setMyCommands")))
	}
	var got bytes.Buffer
	for _, c := range e.srv.Calls("setMyCommands") {
		fmt.Fprintf(&got, "language_code=%s\ncommands=%s\n", c.Params["language_code"], c.Params["commands"])
	}
	path := filepath.Join("testdata", "commands.golden.txt")
	if *update {
		if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	gotLines, wantLines := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gotLines), len(wantLines)) {
		var g, w string
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Fatalf("command menus differ from %s at line %d:\n got %s\nwant %s", path, i+1, g, w)
		}
	}
}
