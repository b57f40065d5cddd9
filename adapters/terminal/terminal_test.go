package terminal_test

import (
	"bytes"
	"context"
	"image/gif"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
)

// TestReplayAnimation: a scripted game in the terminal; pressing ▶ (its
// label typed) and "replay" print the animation's frame count and save
// the GIF, intact, beside the board images.
func TestReplayAnimation(t *testing.T) {
	dir := t.TempDir()
	db, err := store.Open(context.Background(), filepath.Join(dir, "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	c := &terminal.Chat{Handler: bot.New(bot.Config{Store: db}), Out: &out, ImageDir: filepath.Join(dir, "img")}
	script := "alice> /new kalah @bob\nbob> /accept\nalice> 3\nbob> ▶\ncarol> /replay\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "buttons: [1] [2] [4] [5] [6] [▶]") {
		t.Errorf("no replay button after the move:\n%s", got)
	}
	notes := regexp.MustCompile(`Last move: @alice played pit 3\.[^\n]*\n\[animation: (\d+) frames\]\nanimation: (\S+)\n`).FindAllStringSubmatch(got, -1)
	if len(notes) != 2 {
		t.Fatalf("want two replays, got:\n%s", got)
	}
	for _, n := range notes {
		data, err := os.ReadFile(n[2])
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil || len(g.Image) < 2 || n[1] != strconv.Itoa(len(g.Image)) {
			t.Errorf("%s: %v, frames %d, note says %s", n[2], err, len(g.Image), n[1])
		}
	}
}
