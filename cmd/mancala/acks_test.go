package main

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	mstore "github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestKillWithAcknowledgedPresses: sixteen players each press a move on
// their board (the first alone, then the others at once), while Telegram
// holds every callback answer, so that the bot handles some presses (its
// handlers then wait for their answers) and queues the others; the bot is
// killed (SIGKILL) once it has acknowledged what it will (polling: the
// first press confirmed and a getUpdates begun after the last press was
// fetched; webhook: every press answered 2xx, or one not answered within
// the fake's SetWebhookTimeout). One press it had not applied is then given
// the claim a handling killed before its commit leaves (claimed, not
// finished: the store as a process killed mid-handling leaves it). A new
// process on the same database and the same Telegram then applies every
// press, those the killed one acknowledged and the others, which Telegram
// delivers again (the half-handled one once its lease, EVENT_LEASE, has
// ended); none twice.
func TestKillWithAcknowledgedPresses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts bot processes")
	}
	for _, mode := range []string{"polling", "webhook"} {
		t.Run(mode, func(t *testing.T) { killWithPresses(t, mode == "webhook") })
	}
}

func killWithPresses(t *testing.T, webhook bool) {
	const (
		tgToken = "626262:SECRET-telegram-token-for-acks"
		secret  = "acks-SECRET_62"
		players = 16
		lease   = 3 * time.Second
	)
	db := filepath.Join(t.TempDir(), "m.db")
	tg := telegramtest.New(tgToken)
	defer tg.Close()
	tg.SetWebhookTimeout(2 * time.Second)
	env := []string{"DATABASE_PATH=" + db, "DELIVERY_HOLD=1s", "EVENT_LEASE=" + lease.String(), "TELEGRAM_TOKEN=" + tgToken, "TELEGRAM_API_ENDPOINT=" + tg.URL}
	var lb *fanout
	if webhook {
		// One address for the webhook, in front of whichever process lives.
		lb = &fanout{path: "/telegram/webhook", seen: map[*child]int{}}
		srv := httptest.NewServer(lb)
		defer srv.Close()
		env = append(env, "TELEGRAM_WEBHOOK_URL="+srv.URL+"/telegram/webhook", "TELEGRAM_WEBHOOK_SECRET="+secret)
	}
	launch := func() *child {
		c := startChild(t, env...)
		if lb != nil {
			lb.mu.Lock()
			lb.targets = append(lb.targets, c)
			lb.mu.Unlock()
		}
		return c
	}
	chat := func(i int) int64 { return int64(9100 + i) }
	user := func(i int) telegramtest.User {
		return telegramtest.User{ID: chat(i), FirstName: "P" + strconv.Itoa(i), UserName: "p" + strconv.Itoa(i)}
	}
	victim := launch()
	boards := make([]telegramtest.Message, players)
	versions := make([]int64, players) // of the boards pressed
	for i := range players {
		tg.SendText(chat(i), user(i), "en", "/new kalah bot beginner")
	}
	if !tg.WaitFor(patience(t), func() bool {
		for i := range players {
			m, ok := tg.LastSent(chat(i))
			if !ok || !m.IsPhoto() || len(m.Keyboard) == 0 {
				return false
			}
			boards[i] = m
			_, _, versions[i] = newestBoard(tg, chat(i))
		}
		return true
	}) {
		t.Fatal("the games did not start")
	}

	release := tg.Hold("answerCallbackQuery")
	defer release()
	before := tg.Injected()
	presses := make([]int, players) // update ids
	for i := range players {
		data, ok := boards[i].Button("1")
		if !ok {
			t.Fatalf("chat %d: no pit 1 on %+v", i, boards[i].Keyboard)
		}
		tg.PressButton(chat(i), user(i), "en", boards[i].ID, data)
		presses[i] = before + 500 + i // the fake numbers updates from 500
		// The first press is handled before the others come: it can be
		// acknowledged whatever order the others are handled in.
		if i == 0 && !tg.WaitFor(patience(t), func() bool { return tg.Waiting("answerCallbackQuery") == 1 }) {
			t.Fatal("the first press was not handled")
		}
	}
	acked := func() map[int]bool {
		out := map[int]bool{}
		if webhook {
			for _, p := range tg.WebhookPosts() {
				if p.Status >= 200 && p.Status < 300 && p.UpdateID >= presses[0] {
					out[p.UpdateID] = true
				}
			}
			return out
		}
		for _, id := range presses {
			if id < tg.Confirmed() {
				out[id] = true
			}
		}
		return out
	}
	if !tg.WaitFor(patience(t), func() bool {
		if tg.Waiting("answerCallbackQuery") == 0 {
			return false // no press handled yet
		}
		if !webhook {
			return tg.PolledSince(presses[players-1]) && tg.Confirmed() > presses[0]
		}
		n := 0
		for _, id := range presses {
			if acked()[id] {
				n++
			}
		}
		failed := false
		for _, p := range tg.WebhookPosts() {
			failed = failed || p.Status < 200 || p.Status >= 300
		}
		return n == players || failed
	}) {
		t.Fatal("the presses were not handled")
	}
	handled := tg.Waiting("answerCallbackQuery")
	victim.kill()
	ack := acked()
	// The fake notices the dead client (its held calls end unapplied)
	// before the hold is lifted.
	if !tg.WaitFor(patience(t), func() bool { return tg.Waiting("answerCallbackQuery") == 0 }) {
		t.Fatal("the killed process's held answers are still waiting")
	}
	release()

	// The killed process left the claims of the presses it was handling
	// finished (its handlers had returned, waiting for their answers), the
	// queued ones unclaimed, and perhaps one claimed, its handling cut
	// midway. One press not applied is given the claim of a handling
	// killed before its commit, unless it has it already.
	ctx := context.Background()
	store, err := sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	moved := func(i int) bool {
		g, err := store.LiveGame(ctx, "telegram", strconv.FormatInt(chat(i), 10))
		return err == nil && len(g.Moves) > 0
	}
	halfDone := -1
	for i := range players {
		if !moved(i) {
			halfDone = i
			break
		}
	}
	if halfDone < 0 {
		t.Fatal("every press was applied before the kill")
	}
	// InProgress: the killed process had claimed it itself, its handling
	// under way (the gap this test closes, met without help).
	c, err := store.ClaimEvent(ctx, "telegram", strconv.Itoa(presses[halfDone]), time.Now(), lease)
	if err != nil || c == mstore.Finished {
		t.Fatalf("claim of press %d: %v, %v", halfDone, c, err)
	}
	killedMidway := c == mstore.InProgress
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}

	second := launch()
	// A press is applied once a newer board of its game is shown: sent by
	// the new process for a press it handled, or owed by the killed one
	// (its outbox) for a press committed there.
	shown := func(i int) bool { _, _, v := newestBoard(tg, chat(i)); return v > versions[i] }
	// The new process confirms what it handled: once every press is shown
	// and nothing is left unconfirmed, it has handled every press
	// delivered again.
	applied := 0
	tg.WaitFor(patience(t), func() bool {
		applied = 0
		for i := range presses {
			if shown(i) {
				applied++
			}
		}
		return applied == players && tg.Unconfirmed() == 0
	})
	second.kill()
	store, err = sqlite.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	lost, lostAcked, inStore := 0, 0, 0
	for i, id := range presses {
		switch {
		case moved(i):
			inStore++
		case ack[id]:
			lostAcked++
			lost++
		default:
			lost++
		}
	}
	t.Logf("%s: %d presses, %d handled and %d acknowledged when killed, press %d left half-handled (by the kill itself: %v); after the restart %d shown and %d in the store, %d lost (%d of them acknowledged)",
		map[bool]string{false: "polling", true: "webhook"}[webhook], players, handled, len(ack), halfDone, killedMidway, applied, inStore, lost, lostAcked)
	if lost > 0 {
		t.Errorf("%d presses were never applied, %d of them acknowledged", lost, lostAcked)
	}
	if !shown(halfDone) || !moved(halfDone) {
		t.Errorf("the half-handled press %d: shown %v, in the store %v", halfDone, shown(halfDone), moved(halfDone))
	}
	// No press applied twice: each game holds one move of its player, the
	// press of pit 1, first (then the bot's).
	for i := range players {
		g, err := store.LiveGame(ctx, "telegram", strconv.FormatInt(chat(i), 10))
		if err != nil || len(g.Moves) == 0 {
			continue // counted lost above
		}
		var mine []string
		for _, m := range g.Moves {
			if m.UserID != "" {
				mine = append(mine, m.Move)
			}
		}
		if len(mine) != 1 || g.Moves[0].Move != "1" {
			t.Errorf("chat %d: the player's moves %q (first of all %q), want the press of pit 1 once, first", i, mine, g.Moves[0].Move)
		}
	}
}

// patience is how long a wait of this test may last: until shortly before
// the test binary's deadline (-timeout), so that a slow, loaded machine
// (the race detector, other builds) makes the test slower, never wrong;
// ten minutes without a deadline.
func patience(t *testing.T) time.Duration {
	d, ok := t.Deadline()
	if !ok {
		return 10 * time.Minute
	}
	return max(time.Until(d)-30*time.Second, time.Second)
}
