package terminal_test

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestPageLinkAsText: with PUBLIC_URL, the terminal prints a game's page
// as a line after the board's buttons, and after /game; the same page all
// along, labelled for the live game then for the finished one.
func TestPageLinkAsText(t *testing.T) {
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	c := &terminal.Chat{Handler: bot.New(bot.Config{Store: db, PublicURL: "http://localhost:8080"}), Out: &out}
	script := "alice> /new kalah @bob\nbob> /accept\nalice> 3\ncarol> /game\nbob> /resign\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	links := regexp.MustCompile(`(?m)^(.*): (http://localhost:8080/g/[A-Za-z0-9_-]{22})$`).FindAllStringSubmatch(got, -1)
	var labels []string
	for _, l := range links {
		labels = append(labels, l[1])
		if l[2] != links[0][2] {
			t.Errorf("pages %s and %s: want one page for the game", links[0][2], l[2])
		}
	}
	want := []string{"👀 Watch live", "👀 Watch live", "👀 Watch live", "🔗 Game page"}
	if strings.Join(labels, "|") != strings.Join(want, "|") {
		t.Errorf("links labelled %q, want %q:\n%s", labels, want, got)
	}
	if !regexp.MustCompile(`buttons: \[1\] \[2\] \[4\] \[5\] \[6\] \[▶\]\n👀 Watch live: http`).MatchString(got) {
		t.Errorf("the link does not follow the board's buttons:\n%s", got)
	}
}
