package main

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// playRated plays nine quick games of Kalah between three people through
// the bot, weeks and months apart, then two games bob resigns before any
// move (not rated), and returns their ratings.
func playRated(t *testing.T, cfg Config) map[string][]store.Rating {
	t.Helper()
	ctx := context.Background()
	db, err := cfg.openDatabase(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	b := bot.New(bot.Config{Store: db, Now: func() time.Time { return now }})
	say := func(user, text string) {
		t.Helper()
		rs := b.Handle(ctx, bot.Request{Platform: "test", Channel: "c1", Text: text,
			User: bot.User{ID: user, Name: user, Mention: "@" + user}})
		if len(rs) != 1 || rs[0].Private {
			t.Fatalf("%s: %q: %+v", user, text, rs)
		}
	}
	players := []string{"alice", "bob", "carol"}
	for i := range 9 {
		// Kalah with three pits of one seed: both move (a game is rated
		// only then), and South wins.
		south, north := players[i%3], players[(i+1+i/3%2)%3]
		say(south, "/new kalah @"+north+" pits=3 seeds=1")
		say(north, "/accept")
		say(south, "2")
		say(north, "3")
		say(north, "1")
		say(south, "1")
		now = now.Add(time.Duration(1+i*i) * 24 * time.Hour)
	}
	// Two games resigned before any move: recorded, never rated (the
	// rebuild rates 9 games, not 11).
	for range 2 {
		say("alice", "/new kalah @bob")
		say("bob", "/accept")
		say("bob", "/resign")
	}
	out := map[string][]store.Rating{}
	for _, p := range players {
		if out[p], err = db.Ratings(ctx, "test", p); err != nil || len(out[p]) != 1 {
			t.Fatalf("%s: %+v, %v", p, out[p], err)
		}
	}
	return out
}

// rebuild runs "mancala ratings rebuild" on the configured database.
func rebuild(t *testing.T, cfg Config) string {
	t.Helper()
	if cfg.DatabaseURL != "" {
		t.Setenv("DATABASE_URL", cfg.DatabaseURL)
	} else {
		t.Setenv("DATABASE_URL", "")
		t.Setenv("DATABASE_PATH", cfg.DatabasePath)
	}
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"ratings", "rebuild"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("ratings rebuild: exit %d, %s", code, stderr.String())
	}
	return stdout.String()
}

// testRebuild: the ratings are wiped out by hand, then the command
// recomputes exactly the numbers the games gave as they ended.
func testRebuild(t *testing.T, cfg Config, exec func(q string)) {
	before := playRated(t, cfg)
	exec("UPDATE ratings SET rating = 0, rd = 1, volatility = 1, games = 0")
	exec("DELETE FROM rating_changes")
	out := rebuild(t, cfg)
	if !strings.Contains(out, "ratings rebuilt from 9 rated games") {
		t.Errorf("output %q", out)
	}
	db, err := cfg.openDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for p, want := range before {
		got, err := db.Ratings(context.Background(), "test", p)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s rebuilt: %+v, %v\nthe games gave %+v", p, got, err, want)
		}
	}
}

func TestRatingsRebuildSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ratings.db")
	testRebuild(t, Config{DatabasePath: path}, func(q string) {
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRatingsRebuildPostgres(t *testing.T) {
	url := pgtest.NewDatabase(t)
	testRebuild(t, Config{DatabaseURL: url}, func(q string) {
		conn, err := pgx.Connect(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(t.Context(), q); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRatingsUsage(t *testing.T) {
	for _, args := range [][]string{{"ratings"}, {"ratings", "recompute"}, {"ratings", "rebuild", "now"}} {
		var stdout, stderr bytes.Buffer
		if code := run(t.Context(), args, strings.NewReader(""), &stdout, &stderr); code != 2 ||
			!strings.HasPrefix(stderr.String(), "mancala: ratings") {
			t.Errorf("%q: exit %d, %q", args, code, stderr.String())
		}
	}
}
