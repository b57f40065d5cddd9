package bot_test

import (
	"bytes"
	"context"
	"database/sql"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// damagedHarness is a bot over a real SQLite file, with a second, raw
// connection to damage rows behind the store's back, and its log.
type damagedHarness struct {
	*harness
	raw *sql.DB
	log *bytes.Buffer
}

func newDamagedHarness(t *testing.T) *damagedHarness {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bot.db")
	db, err := sqlite.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	var logBuf bytes.Buffer
	h := &harness{t: t, db: db, now: time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)}
	h.bot = bot.New(bot.Config{
		Store: db, Now: func() time.Time { h.mu.Lock(); defer h.mu.Unlock(); return h.now },
		Logger: slog.New(slog.NewTextHandler(&logBuf, nil)),
	})
	return &damagedHarness{harness: h, raw: raw, log: &logBuf}
}

func (h *damagedHarness) exec(q string, args ...any) {
	h.t.Helper()
	if _, err := h.raw.Exec(q, args...); err != nil {
		h.t.Fatal(err)
	}
}

// manage sends text as a user who may manage the channel.
func (h *damagedHarness) manage(user, text string) []bot.Reply {
	return h.bot.Handle(context.Background(), bot.Request{
		Platform: "test", Channel: "c1", Text: text,
		User:      bot.User{ID: user, Name: user, Mention: "@" + user},
		CanManage: func(context.Context) bool { return true },
	})
}

// TestDamagedGameCanBeAbandoned reproduces the fault (a game row that
// cannot be loaded locked its channel for ever: "something went wrong", and
// /new said a game was going on) for each way a row can be damaged, and
// checks the way out: whoever meets it is told what is wrong and who may
// end it; others cannot; a player (or a channel manager) ends it with
// /abandon; nobody's results change; the channel is free.
func TestDamagedGameCanBeAbandoned(t *testing.T) {
	damages := []struct {
		name, sql, part string
	}{
		{"options not strings", `UPDATE games SET options = '{"seeds": 4}'`, "options"},
		{"options refused", `UPDATE games SET options = '{"seeds": "99"}'`, "options"},
		{"unknown variant", `UPDATE games SET variant = 'chess'`, "variant"},
		{"bad start", `UPDATE games SET start = '{"pits": "x"}'`, "start"},
		{"move no longer replays", `UPDATE moves SET move = '42' WHERE ply = 0`, "move"},
		{"seat missing", `DELETE FROM seats WHERE seat = 1`, "seats"},
	}
	for _, dmg := range damages {
		for _, who := range []string{"player", "manager"} {
			t.Run(dmg.name+"/"+who, func(t *testing.T) {
				h := newDamagedHarness(t)
				h.say("alice", "/new kalah @bob")
				h.say("bob", "/accept")
				h.say("alice", "/move 1")
				g := h.live()
				if g == nil || len(g.Moves) != 1 {
					t.Fatalf("setup: %+v", g)
				}
				h.exec(dmg.sql)

				// A player is told to abandon it.
				r := one(t, h.say("alice", "/move 3"))
				if !r.Private || !strings.Contains(r.Text, "can’t be loaded") || !strings.Contains(r.Text, "You can end it with /abandon") {
					t.Errorf("player's move: %+v", r)
				}
				// Anyone else is told who may; /new no longer says a game is
				// simply going on.
				for _, text := range []string{"/new kalah", "/abandon", "/board"} {
					r = one(t, h.say("carol", text))
					players := "@alice, @bob"
					if dmg.part == "seats" {
						players = "@alice" // bob's seat is the one gone
					}
					if !r.Private || !strings.Contains(r.Text, "Its players ("+players+") or someone who manages the channel can end it with /abandon") {
						t.Errorf("carol %s: %+v", text, r)
					}
				}
				if g := h.live(); g == nil || g.Version != 3 {
					t.Fatalf("refused requests changed the game: %+v", g)
				}

				var rs []bot.Reply
				if who == "player" {
					rs = h.say("alice", "/abandon")
				} else {
					rs = h.manage("mod", "/abandon")
				}
				r = one(t, rs)
				if r.Private || !strings.Contains(r.Text, "ended this channel’s game") || !strings.Contains(r.Text, "Nobody’s results change") {
					t.Errorf("abandon: %+v", r)
				}
				if g := h.live(); g != nil {
					t.Fatalf("still live after /abandon: %+v", g)
				}
				var phase, result, reason string
				if err := h.raw.QueryRow("SELECT phase, result, reason FROM games WHERE id = ?", g.ID).Scan(&phase, &result, &reason); err != nil {
					t.Fatal(err)
				}
				if phase != "over" || result != "" || reason != "abandoned" {
					t.Errorf("stored: phase %q result %q reason %q", phase, result, reason)
				}
				for _, u := range []string{"alice", "bob"} {
					if rec, err := h.db.Record(context.Background(), "test", u); err != nil || rec.Wins+rec.Losses+rec.Draws != 0 {
						t.Errorf("%s's record changed: %+v %v", u, rec, err)
					}
				}
				// The damaged game, now the channel's last, cannot be replayed.
				if r := one(t, h.say("carol", "/replay")); !r.Private || !strings.Contains(r.Text, "record is damaged, so I can’t show it") {
					t.Errorf("/replay of the abandoned game: %+v", r)
				}
				// The channel is free.
				if r := one(t, h.say("alice", "/new kalah @bob")); r.Private {
					t.Errorf("/new after abandon: %+v", r)
				}
				// Logged with the game id and the part at fault, without user
				// text.
				log := h.log.String()
				if !strings.Contains(log, "game cannot be loaded") || !strings.Contains(log, "game abandoned") ||
					!strings.Contains(log, "game="+strconv.FormatInt(g.ID, 10)) || !strings.Contains(log, "part="+dmg.part) {
					t.Errorf("log:\n%s", log)
				}
				if strings.Contains(log, "/move") || strings.Contains(log, "/abandon") {
					t.Errorf("log has user text:\n%s", log)
				}
			})
		}
	}
}

// TestAbandonHealthyGameRefused: a game that loads is not abandoned
// (resigning is for that), nor is there anything to abandon without a game.
func TestAbandonHealthyGameRefused(t *testing.T) {
	h := newHarness(t, nil)
	h.wantRefusal(h.say("alice", "/abandon"), "no game", nil)
	h.say("alice", "/new kalah @bob")
	h.say("bob", "/accept")
	before := h.live()
	h.wantRefusal(h.say("alice", "/abandon"), "loads fine", before)
}

// TestStoreUnavailable: when the database cannot save (its directory was
// deleted under the running bot: sqlite.ErrFileGone, see the store's and
// cmd/mancala's tests for the real thing), a move is refused with a clear
// message and nothing changes.
func TestStoreUnavailable(t *testing.T) {
	h := newHarness(t, nil)
	h.say("alice", "/new kalah @bob")
	h.say("bob", "/accept")
	before := h.live()
	h.bot = bot.New(bot.Config{Store: failingStore{h.db}})
	h.wantRefusal(h.say("alice", "/move 1"), "can’t save moves right now, so nothing was changed", before)
}

// failingStore is a store whose writes fail as a removed database's do.
type failingStore struct{ *sqlite.DB }

func (failingStore) UpdateGame(context.Context, *store.Game) error { return sqlite.ErrFileGone }
