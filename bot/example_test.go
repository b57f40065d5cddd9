package bot_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// Two people start a game of Kalah in one channel: a challenge, its
// acceptance, and the first move, each one Request in and its Replies out.
func ExampleBot_Handle() {
	dir, err := os.MkdirTemp("", "mancala-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(dir, "bot.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	b := bot.New(bot.Config{
		Store: db,
		Now:   func() time.Time { return time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC) },
	})
	say := func(user, text string) {
		for _, r := range b.Handle(ctx, bot.Request{
			Platform: "example", Channel: "c1", Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user},
		}) {
			first, _, _ := strings.Cut(r.Text, "\n")
			fmt.Printf("%s: %s (board: %v)\n", text, first, r.Board != nil)
		}
	}
	say("alice", "/new kalah @bob")
	say("bob", "/accept")
	say("alice", "/move 3")
	// Output:
	// /new kalah @bob: @alice challenges @bob to a game of Kalah. @bob, press ✔ Accept or send /accept; ✖ Decline turns it down. (board: true)
	// /accept: Challenge accepted! @alice moves first, @bob second. (board: true)
	// /move 3: @alice played pit 3. The last seed landed in the store: @alice moves again. (board: true)
}
