package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// TestTwoProcessesOneUpdate: two bots on one PostgreSQL database, both
// receiving the same Telegram webhook update (as when Telegram's retry
// reaches another instance): the move is played once, and the other
// instance drops the update, counting it in
// mancala_events_deduplicated_total (after answering 503, Telegram posting
// it again, while the first one's handling had not finished).
func TestTwoProcessesOneUpdate(t *testing.T) {
	url := pgtest.NewDatabase(t)
	const tgToken = "424242:SECRET-telegram-token-for-tests"
	const hookSecret = "hook-SECRET_42"
	tg := telegramtest.New(tgToken)
	defer tg.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mains [2]*Main
	var bases [2]string
	var runs sync.WaitGroup
	for i := range mains {
		m := &Main{
			Config: Config{
				DatabaseURL: url, HTTPAddr: "127.0.0.1:0",
				TelegramToken: tgToken, TelegramAPIEndpoint: tg.URL,
			},
			Logger:   slog.New(slog.DiscardHandler),
			Opponent: firstLegal{},
		}
		if err := m.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		bases[i] = "http://" + m.httpLn.Addr().String()
		m.Config.TelegramWebhookURL, m.Config.TelegramWebhookSecret = bases[i]+"/telegram/webhook", hookSecret
		mains[i] = m
		runs.Add(1)
		go func() {
			defer runs.Done()
			if err := m.Run(ctx); err != nil {
				t.Errorf("Run %d: %v", i, err)
			}
		}()
	}
	defer func() { cancel(); runs.Wait() }()
	if !tg.WaitFor(10*time.Second, func() bool { _, ok := tg.Webhook(); return ok }) {
		t.Fatal("no webhook set")
	}

	const chat = 555
	post := func(i, updateID int, text string) int {
		t.Helper()
		body := fmt.Sprintf(`{"update_id":%d,"message":{"message_id":%d,"date":1764000000,`+
			`"from":{"id":77,"is_bot":false,"first_name":"Olga","username":"olga","language_code":"en"},`+
			`"chat":{"id":%d,"type":"private"},"text":%q}}`, updateID, 100+updateID, chat, text)
		req, err := http.NewRequest("POST", bases[i]+"/telegram/webhook", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", hookSecret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	// deliver posts like Telegram: again after a 503, which an instance
	// answers while the other one handles the update (its claim is not
	// finished yet).
	deliver := func(i, updateID int, text string) {
		for {
			status := post(i, updateID, text)
			if status != http.StatusServiceUnavailable {
				if status != http.StatusOK {
					t.Errorf("webhook %d: %d", i, status)
				}
				return
			}
			time.Sleep(10 * time.Millisecond) // Telegram's pause before it retries
		}
	}
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	live := func() *store.Game {
		g, err := db.LiveGame(context.Background(), "telegram", strconv.Itoa(chat))
		if err != nil {
			return nil
		}
		return g
	}

	deliver(0, 1, "/new kalah bot")
	var before *store.Game
	if !tg.WaitFor(10*time.Second, func() bool { before = live(); return before != nil }) {
		t.Fatal("no game")
	}
	// The same update to both instances at once.
	var posts sync.WaitGroup
	for i := range mains {
		posts.Add(1)
		go func() { defer posts.Done(); deliver(i, 2, "/move 3") }()
	}
	posts.Wait()
	if !tg.WaitFor(10*time.Second, func() bool {
		return deduplicated(t, bases[0])+deduplicated(t, bases[1]) == 1
	}) {
		t.Fatalf("deduplicated: %d and %d, want 1 in all", deduplicated(t, bases[0]), deduplicated(t, bases[1]))
	}
	var after *store.Game
	if !tg.WaitFor(10*time.Second, func() bool { after = live(); return after != nil && after.Version > before.Version }) {
		t.Fatal("the move was not played")
	}
	// Then one more request, after which the move's replies are all out.
	sent := len(tg.Sent(chat))
	deliver(1, 3, "/board")
	if !tg.WaitFor(10*time.Second, func() bool {
		m, ok := tg.LastSent(chat)
		return ok && m.IsPhoto() && len(tg.Sent(chat)) > sent
	}) {
		t.Fatalf("no board: %+v", tg.Sent(chat))
	}
	final := live()
	if final == nil || final.Version != before.Version+1 {
		t.Fatalf("game version %d → %+v, want one update", before.Version, final)
	}
	// The player's move is there once, followed by the bot's.
	var olga []string
	for _, mv := range final.Moves[len(before.Moves):] {
		if mv.UserID != "" {
			olga = append(olga, mv.Move)
		}
	}
	if len(olga) != 1 || olga[0] != "3" {
		t.Errorf("the player's moves after the update: %v, want [3]", olga)
	}
}

// deduplicated reads mancala_events_deduplicated_total{platform="telegram"}
// from an instance's /metrics.
func deduplicated(t *testing.T, base string) int { return counter(t, base, "telegram") }

// counter reads mancala_events_deduplicated_total of a platform from an
// instance's /metrics.
func counter(t *testing.T, base, platform string) int {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), `mancala_events_deduplicated_total{platform="`+platform+`"} `); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	t.Fatal("no mancala_events_deduplicated_total for " + platform)
	return 0
}

// serving reports whether the instance at base serves Discord
// interactions: it answers an autocomplete, which the bot never handles,
// with 400 once its Run has started and 503 before.
func serving(t *testing.T, dc *discordtest.Server, base string) bool {
	t.Helper()
	id := strconv.FormatUint(uint64(time.Now().UnixMilli()-1420070400000)<<22, 10)
	body := []byte(fmt.Sprintf(`{"id":%q,"application_id":%q,"type":4,"token":"probe","version":1}`, id, dc.AppID))
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, base+"/discord/interactions", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", dc.Sign(ts, body))
	req.Header.Set("X-Signature-Timestamp", ts)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	switch resp.StatusCode {
	case http.StatusBadRequest:
		return true
	case http.StatusServiceUnavailable:
		return false
	}
	t.Fatalf("probe answered %s", resp.Status)
	return false
}

// TestTwoProcessesOneInteraction: Discord's HTTP interactions each reaching
// two bots on one PostgreSQL database (a proxy forwards every interaction
// to both and answers Discord with the answer that says more): a challenge,
// its acceptance and a move are each handled once; the other instance drops
// each, counting it in mancala_events_deduplicated_total.
func TestTwoProcessesOneInteraction(t *testing.T) {
	url := pgtest.NewDatabase(t)
	dc := discordtest.New(t)
	cfg, err := configFromEnv(envOf("DISCORD_TOKEN", dc.Token, "DISCORD_APP_ID", dc.AppID, "HTTP_ADDR", "127.0.0.1:0",
		"DISCORD_PUBLIC_KEY", dc.PublicKeyHex()))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var bases [2]string
	var runs sync.WaitGroup
	for i := range bases {
		m := &Main{
			Config: Config{
				DatabaseURL: url, HTTPAddr: "127.0.0.1:0",
				DiscordToken: dc.Token, DiscordAppID: dc.AppID, DiscordGuildID: dc.GuildID, DiscordAPIBase: dc.URL,
				DiscordPublicKey: cfg.DiscordPublicKey,
			},
			Logger:   slog.New(slog.DiscardHandler),
			Opponent: firstLegal{},
		}
		if err := m.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		bases[i] = "http://" + m.httpLn.Addr().String()
		runs.Add(1)
		go func() {
			defer runs.Done()
			if err := m.Run(ctx); err != nil {
				t.Errorf("Run %d: %v", i, err)
			}
		}()
	}
	defer func() { cancel(); runs.Wait() }()

	type answer struct {
		status int
		header http.Header
		body   []byte
	}
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var answers [2]answer
		var wg sync.WaitGroup
		for i := range bases {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest("POST", bases[i]+"/discord/interactions", bytes.NewReader(body))
				req.Header = r.Header.Clone()
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Errorf("instance %d: %v", i, err)
					return
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				answers[i] = answer{resp.StatusCode, resp.Header, b}
			}()
		}
		wg.Wait()
		a := answers[0]
		if len(answers[1].body) > len(a.body) {
			a = answers[1]
		}
		for k, v := range a.header {
			w.Header()[k] = v
		}
		w.WriteHeader(a.status)
		w.Write(a.body)
	}))
	defer proxy.Close()
	dc.InteractionsURL = proxy.URL + "/discord/interactions"
	dc.WaitFor(t, "the commands", func() bool { return len(dc.Commands()) > 0 })
	// One instance's commands say nothing of the other's Run: an instance
	// not serving yet would answer 503 and drop nothing.
	for _, b := range bases {
		dc.WaitFor(t, "both instances serving", func() bool { return serving(t, dc, b) })
	}

	alice := discordtest.User{ID: "2001", Username: "alice"}
	bob := discordtest.User{ID: "2002", Username: "bob"}
	const ch = "3001"
	out := dc.SlashCommand(ch, alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob.ID)).Wait(t)
	accept, ok := out.Message.Button("✔")
	if !ok {
		t.Fatalf("challenge without an accept button: %q", out.Message.Content)
	}
	out = dc.PressButton(ch, bob, "en-US", out.MessageID, accept.CustomID).Wait(t)
	pit3, ok := out.Message.Button("3")
	if !ok {
		t.Fatalf("accepted board: %q", out.Message.Content)
	}
	moved := dc.PressButton(ch, alice, "en-US", out.MessageID, pit3.CustomID).Wait(t)
	if moved.MessageID != out.MessageID || len(moved.Message.Files) != 1 {
		t.Errorf("the move did not update the board in place: %s, %d files", moved.MessageID, len(moved.Message.Files))
	}
	dropped := func() int {
		n := 0
		for _, b := range bases {
			n += counter(t, b, "discord")
		}
		return n
	}
	dc.WaitFor(t, "three interactions dropped", func() bool { return dropped() >= 3 })
	if dropped() != 3 {
		t.Errorf("%d interactions dropped, want 3", dropped())
	}
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g, err := db.LiveGame(context.Background(), "discord", ch)
	if err != nil {
		t.Fatal(err)
	}
	// Created, accepted, one move: versions 1, 2, 3.
	if g.Version != 3 || len(g.Moves) != 1 || g.Moves[0].Move != "3" {
		t.Errorf("game version %d, moves %+v; want 3, [3]", g.Version, g.Moves)
	}
}
