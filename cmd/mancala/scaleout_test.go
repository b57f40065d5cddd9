package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
)

// child is one bot process: this test binary run again as "mancala serve"
// (see TestMain), configured through its environment like the real one.
type child struct {
	cmd  *exec.Cmd
	addr string // its HTTP_ADDR
	base string // http://HTTP_ADDR
	logs *syncBuffer
	dead atomic.Bool
}

// freeAddr returns a loopback address no one listens on now.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// startChild starts a bot process with the environment env (on top of
// this one's, without its bot settings) and waits until its /readyz
// answers 200. It is killed when t ends; its output is logged when t
// failed.
func startChild(t *testing.T, env ...string) *child {
	t.Helper()
	c := &child{addr: freeAddr(t), logs: &syncBuffer{}}
	c.base = "http://" + c.addr
	c.cmd = exec.Command(os.Args[0], "-test.run=^$")
	base := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		for _, p := range []string{"DATABASE_", "TELEGRAM_", "DISCORD_", "HTTP_ADDR=", "DELIVERY_HOLD=", "LOG_LEVEL="} {
			if strings.HasPrefix(kv, p) {
				return true
			}
		}
		return false
	})
	c.cmd.Env = append(append(base, "MANCALA_E2E_CHILD=1", "MANCALA_E2E_NO_PACING=1", "HTTP_ADDR="+c.addr,
		"LOG_LEVEL=info"), env...)
	c.cmd.Stdout, c.cmd.Stderr = c.logs, c.logs
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.kill()
		if t.Failed() {
			t.Logf("process %s said:\n%s", c.addr, c.logs)
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for {
		resp, err := http.Get(c.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return c
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %s never ready:\n%s", c.addr, c.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// kill ends the process at once, as kill -9 does: no stop, no release.
func (c *child) kill() {
	if c.dead.Swap(true) {
		return
	}
	_ = c.cmd.Process.Signal(syscall.SIGKILL)
	_ = c.cmd.Wait()
}

// fanout is a load balancer in front of several bot processes that
// delivers every request to two of them at once (as a platform retrying on
// another instance, or two instances behind a misconfigured balancer,
// would): request n goes to the live processes n and n+1 (mod their
// count), or to one chosen process while only is set. It answers with the
// 2xx answer of theirs that says most, else 502.
type fanout struct {
	path    string // the processes' endpoint, "/telegram/webhook"
	mu      sync.Mutex
	targets []*child
	n       int
	only    *child
	seen    map[*child]int // requests forwarded to each process
}

func (f *fanout) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	var to []*child
	if f.only != nil {
		to = []*child{f.only}
	} else {
		var live []*child
		for _, c := range f.targets {
			if !c.dead.Load() {
				live = append(live, c)
			}
		}
		for i := range min(2, len(live)) {
			to = append(to, live[(f.n+i)%len(live)])
		}
		f.n++
	}
	for _, c := range to {
		f.seen[c]++
	}
	f.mu.Unlock()
	type answer struct {
		status int
		header http.Header
		body   []byte
	}
	answers := make([]answer, len(to))
	var wg sync.WaitGroup
	for i, c := range to {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := http.NewRequest(r.Method, c.base+f.path, bytes.NewReader(body))
			if err != nil {
				return
			}
			req.Header = r.Header.Clone()
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			answers[i] = answer{resp.StatusCode, resp.Header, b}
		}()
	}
	wg.Wait()
	// The answer that says most: a process that dropped the request as a
	// duplicate answers with less (an empty acknowledgement).
	best := -1
	for i, a := range answers {
		if a.status >= 200 && a.status < 300 && (best < 0 || len(a.body) > len(answers[best].body)) {
			best = i
		}
	}
	if best < 0 {
		w.WriteHeader(http.StatusBadGateway)
		return
	}
	for k, v := range answers[best].header {
		w.Header()[k] = v
	}
	w.WriteHeader(answers[best].status)
	w.Write(answers[best].body)
}

// route sends the next requests to c alone (nil: to two processes again).
func (f *fanout) route(c *child) {
	f.mu.Lock()
	f.only = c
	f.mu.Unlock()
}

// boardVersion reads the game and version of a move or rematch button's
// data ("m:12:7:3").
var buttonRE = regexp.MustCompile(`^[a-z]+:(\d+):(\d+)`)

func buttonVersion(data string) (game, version int64, ok bool) {
	m := buttonRE.FindStringSubmatch(data)
	if m == nil {
		return 0, 0, false
	}
	game, _ = strconv.ParseInt(m[1], 10, 64)
	version, _ = strconv.ParseInt(m[2], 10, 64)
	return game, version, true
}

// toMoveRE finds whose turn a board's caption says it is.
var toMoveRE = regexp.MustCompile(`@(\w+) to move`)

// shownVersions lists the versions of game whose board Telegram accepted
// (a send or an edit carrying its buttons).
func shownVersions(tg *telegramtest.Server, game int64) map[int64]bool {
	re := regexp.MustCompile(`"callback_data":"[a-z]+:` + strconv.FormatInt(game, 10) + `:(\d+)`)
	out := map[int64]bool{}
	for _, c := range tg.Calls("") {
		if c.Status != http.StatusOK {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(c.Params["reply_markup"], -1) {
			v, _ := strconv.ParseInt(m[1], 10, 64)
			out[v] = true
		}
	}
	return out
}

// newestBoard is the bot's message in chat whose buttons carry the
// highest game version, and that version.
func newestBoard(tg *telegramtest.Server, chat int64) (msg telegramtest.Message, game, version int64) {
	for _, m := range tg.Sent(chat) {
		for _, row := range m.Keyboard {
			for _, b := range row {
				if g, v, ok := buttonVersion(b.Data); ok && v >= version {
					msg, game, version = m, g, v
				}
			}
		}
	}
	return msg, game, version
}

// TestThreeProcessesTelegramWebhook: three bot processes on one PostgreSQL
// database behind a balancer that delivers every webhook update to two of
// them at once. A whole group game is played by pressing buttons, the
// player to move pressing two pits at once and the other player one: each
// board version gets exactly one move, and every board is shown. Midway,
// the process that has just committed a move is killed (SIGKILL) before
// its board goes out: another process sends it (the outbox), and the game
// goes on through the two left.
func TestThreeProcessesTelegramWebhook(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three bot processes")
	}
	url := pgtest.NewDatabase(t)
	const tgToken = "515151:SECRET-telegram-token-for-tests"
	const hookSecret = "hook-SECRET_51"
	tg := telegramtest.New(tgToken)
	defer tg.Close()
	lb := &fanout{path: "/telegram/webhook", seen: map[*child]int{}}
	lbSrv := httptest.NewServer(lb)
	defer lbSrv.Close()
	for range 3 {
		lb.targets = append(lb.targets, startChild(t, "DATABASE_URL="+url, "TELEGRAM_TOKEN="+tgToken,
			"TELEGRAM_API_ENDPOINT="+tg.URL, "TELEGRAM_WEBHOOK_URL="+lbSrv.URL+"/telegram/webhook",
			"TELEGRAM_WEBHOOK_SECRET="+hookSecret, "DELIVERY_HOLD=2s"))
	}
	if !tg.WaitFor(10*time.Second, func() bool { _, ok := tg.Webhook(); return ok }) {
		t.Fatal("no webhook set")
	}
	alice := telegramtest.User{ID: 201, FirstName: "Alice", UserName: "alice"}
	bob := telegramtest.User{ID: 202, FirstName: "Bob", UserName: "bob"}
	users := map[string]telegramtest.User{"alice": alice, "bob": bob}
	const group = int64(-1005550000001)

	tg.SendText(group, alice, "en", "/new kalah @bob seeds=3")
	var challenge telegramtest.Message
	if !tg.WaitFor(20*time.Second, func() bool {
		m, ok := tg.LastSent(group)
		challenge = m
		return ok && len(m.Keyboard) > 0
	}) {
		t.Fatalf("no challenge: %+v", tg.Sent(group))
	}
	tg.PressButton(group, bob, "en", challenge.ID, challenge.Keyboard[0][0].Data)
	var board telegramtest.Message
	var game, version int64
	if !tg.WaitFor(20*time.Second, func() bool {
		board, game, version = newestBoard(tg, group)
		return game != 0 && toMoveRE.MatchString(board.Caption)
	}) {
		t.Fatalf("no board after the acceptance: %+v", tg.Sent(group))
	}
	startVersion := version
	moves := 0
	killed := false
	for turn := 0; ; turn++ {
		who := toMoveRE.FindStringSubmatch(board.Caption)
		if who == nil {
			break // the game is over
		}
		mover, other := users[who[1]], alice
		if mover == alice {
			other = bob
		}
		var pits []string
		for _, row := range board.Keyboard {
			for _, b := range row {
				if strings.HasPrefix(b.Data, "m:") {
					pits = append(pits, b.Data)
				}
			}
		}
		if len(pits) == 0 {
			t.Fatalf("turn %d: a board without moves: %+v", turn, board)
		}
		if turn == 3 && !killed {
			// The process that makes this move dies before its board
			// goes out: hold the edit, then kill it.
			victim := lb.targets[0]
			release := tg.Hold("editMessageMedia")
			lb.route(victim)
			tg.PressButton(group, mover, "en", board.ID, pits[0])
			if !tg.WaitFor(20*time.Second, func() bool { return tg.Waiting("editMessageMedia") > 0 }) {
				release()
				t.Fatal("the move's board edit never came")
			}
			victim.kill()
			// The fake notices the dead client (its held call ends unapplied)
			// before the hold is lifted.
			if !tg.WaitFor(20*time.Second, func() bool { return tg.Waiting("editMessageMedia") == 0 }) {
				t.Fatal("the killed process's held edit is still waiting")
			}
			lb.route(nil)
			release()
			killed = true
			moves++
			var next telegramtest.Message
			var v int64
			if !tg.WaitFor(30*time.Second, func() bool { next, _, v = newestBoard(tg, group); return v > version }) {
				t.Fatalf("the dead process's board was never sent by another: newest version %d", v)
			}
			if next.ID == board.ID {
				t.Errorf("the board came as an edit of the pressed message, want a new message from the outbox")
			}
			if old, _ := tg.Message(group, board.ID); old.Edits != board.Edits {
				t.Errorf("the dead process's held edit was applied after all")
			}
			board, version = next, v
			continue
		}
		// The mover presses two pits at once, the other player one.
		presses := []string{tg.PressButton(group, mover, "en", board.ID, pits[0])}
		if len(pits) > 1 {
			presses = append(presses, tg.PressButton(group, mover, "en", board.ID, pits[len(pits)-1]))
		}
		presses = append(presses, tg.PressButton(group, other, "en", board.ID, pits[0]))
		moves++
		if !tg.WaitFor(20*time.Second, func() bool {
			var v int64
			board, _, v = newestBoard(tg, group)
			if v > version {
				version = v
				return true
			}
			return false
		}) {
			t.Fatalf("turn %d: no board after version %d", turn, version)
		}
		if !tg.WaitFor(20*time.Second, func() bool { // the refusals too, before the next turn
			for _, id := range presses {
				if _, ok := tg.Answer(id); !ok {
					return false
				}
			}
			return true
		}) {
			t.Fatalf("turn %d: presses not answered", turn)
		}
		// The other player's press is refused with an alert: answered by
		// the process that handled it, not emptied by the other one.
		if a, _ := tg.Answer(presses[len(presses)-1]); a.Text == "" {
			var texts []string
			for _, id := range presses {
				a, _ := tg.Answer(id)
				texts = append(texts, fmt.Sprintf("%q", a.Text))
			}
			t.Errorf("turn %d: the other player's press was answered without a reason (answers %v; pits %v; caption %q)", turn, texts, pits, board.Caption)
		}
		if turn > 200 {
			t.Fatal("the game never ends")
		}
	}
	if !killed {
		t.Fatal("the game ended before a process could be killed")
	}
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g, err := db.Game(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase != store.PhaseOver || len(g.Moves) != moves || g.Version != startVersion+int64(moves) {
		t.Errorf("the game: phase %s, %d moves, version %d; want over, %d moves (one per board), version %d",
			g.Phase, len(g.Moves), g.Version, moves, startVersion+int64(moves))
	}
	shown := shownVersions(tg, game)
	for v := startVersion; v <= g.Version; v++ {
		if !shown[v] {
			t.Errorf("the board of version %d was never shown (shown: %v)", v, shown)
		}
	}
	// Every update went to two processes (one while the victim was
	// chosen); the ones both received were handled once.
	lb.mu.Lock()
	t.Logf("%d moves through three processes, one killed at move 4; requests forwarded: %d, %d, %d",
		moves, lb.seen[lb.targets[0]], lb.seen[lb.targets[1]], lb.seen[lb.targets[2]])
	lb.mu.Unlock()
	waitOutboxEmpty(t, db)
}

// waitOutboxEmpty waits until no board is owed.
func waitOutboxEmpty(t *testing.T, db interface {
	Outbox(context.Context) (store.OutboxStats, error)
}) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st, err := db.Outbox(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if st.Owed == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d boards still owed", st.Owed)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestStopWithQueuedReplies: a bot stopped with 20 committed moves whose
// boards are still queued (Telegram holds every photo) stops within its
// bound, and the boards are not lost: the next start on the database sends
// each game's board once.
func TestStopWithQueuedReplies(t *testing.T) {
	const token = "616161:stop-test-token"
	tg := telegramtest.New(token)
	defer tg.Close()
	path := filepath.Join(t.TempDir(), "m.db")
	var current *Main
	start := func() (stop func() time.Duration) {
		m := &Main{
			Config:   Config{DatabasePath: path, TelegramToken: token, TelegramAPIEndpoint: tg.URL},
			Opponent: firstLegal{},
		}
		if err := m.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		current = m
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- m.Run(ctx) }()
		return func() time.Duration {
			t0 := time.Now()
			cancel()
			if err := <-done; err != nil {
				t.Errorf("Run: %v", err)
			}
			took := time.Since(t0)
			m.Close()
			return took
		}
	}
	const games = 20
	chat := func(i int) int64 { return int64(7000 + i) }
	user := func(i int) telegramtest.User {
		return telegramtest.User{ID: int64(800 + i), FirstName: "P" + strconv.Itoa(i), UserName: "p" + strconv.Itoa(i)}
	}
	photos := func(i int) []telegramtest.Message {
		var out []telegramtest.Message
		for _, m := range tg.Sent(chat(i)) {
			if m.IsPhoto() {
				out = append(out, m)
			}
		}
		return out
	}
	stop := start()
	for i := range games {
		tg.SendText(chat(i), user(i), "en", "/new kalah bot")
	}
	if !tg.WaitFor(30*time.Second, func() bool {
		for i := range games {
			if len(photos(i)) != 1 {
				return false
			}
		}
		return true
	}) {
		t.Fatal("the games did not start")
	}
	release := tg.Hold("sendPhoto")
	defer release()
	for i := range games {
		tg.SendText(chat(i), user(i), "en", "/move 1") // and the bot answers
	}
	if !tg.WaitFor(30*time.Second, func() bool { return tg.Waiting("sendPhoto") == games }) {
		t.Fatalf("%d boards queued, want %d", tg.Waiting("sendPhoto"), games)
	}
	took := stop()
	t.Logf("stopped in %v with %d boards queued", took.Round(time.Millisecond), games)
	if took > 15*time.Second { // a hang; the bound itself is 5 s (see httpStopTimeout)
		t.Errorf("the stop took %v", took)
	}
	release()
	for i := range games {
		if n := len(photos(i)); n != 1 {
			t.Fatalf("chat %d: %d photos after the stop, want the start's only", i, n)
		}
	}

	stop = start()
	defer stop()
	if !tg.WaitFor(30*time.Second, func() bool {
		for i := range games {
			if len(photos(i)) < 2 {
				return false
			}
		}
		return true
	}) {
		t.Fatal("the queued boards were not sent after the restart")
	}
	waitOutboxEmpty(t, current.DB)
	time.Sleep(100 * time.Millisecond) // a second copy would come now
	for i := range games {
		ps := photos(i)
		if len(ps) != 2 {
			t.Errorf("chat %d: %d photos, want the start's and the owed board", i, len(ps))
			continue
		}
		g, err := current.DB.LiveGame(context.Background(), "telegram", strconv.FormatInt(chat(i), 10))
		if err != nil {
			t.Fatal(err)
		}
		if _, v, ok := buttonVersion(ps[1].Keyboard[0][0].Data); !ok || v != g.Version || len(g.Moves) != 2 {
			t.Errorf("chat %d: owed board of version %d (%v), want the game's %d after 2 moves (%d)", i, v, ok, g.Version, len(g.Moves))
		}
		if !strings.Contains(ps[1].Caption, "@p"+strconv.Itoa(i)+" to move") {
			t.Errorf("chat %d: owed board %q does not say whose turn it is", i, ps[1].Caption)
		}
	}
}

// discordBoard is the newest board in channel ch (the message whose move
// or rematch buttons carry the highest game version), and that version.
func discordBoard(dc *discordtest.Server, ch string) (msg discordtest.Message, game, version int64) {
	for _, m := range dc.Messages() {
		if m.ChannelID != ch || m.Ephemeral || m.Deleted {
			continue
		}
		for _, b := range m.Buttons() {
			if g, v, ok := buttonVersion(b.CustomID); ok && v >= version {
				msg, game, version = m, g, v
			}
		}
	}
	return msg, game, version
}

// discordToMoveRE finds whose turn a Discord board says it is.
var discordToMoveRE = regexp.MustCompile(`<@(\d+)> to move`)

// TestThreeProcessesDiscordInteractions: the same as
// TestThreeProcessesTelegramWebhook through Discord's HTTP interactions,
// signed: three processes on one PostgreSQL database, every interaction
// delivered to two of them, a whole game with concurrent presses, one
// process killed after committing a move and before its board went out.
// A forged signature is refused with 401 by every process.
func TestThreeProcessesDiscordInteractions(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three bot processes")
	}
	url := pgtest.NewDatabase(t)
	dc := discordtest.New(t)
	lb := &fanout{path: "/discord/interactions", seen: map[*child]int{}}
	lbSrv := httptest.NewServer(lb)
	defer lbSrv.Close()
	for range 3 {
		lb.targets = append(lb.targets, startChild(t, "DATABASE_URL="+url, "DISCORD_TOKEN="+dc.Token,
			"DISCORD_APP_ID="+dc.AppID, "DISCORD_GUILD_ID="+dc.GuildID, "DISCORD_API_BASE="+dc.URL,
			"DISCORD_PUBLIC_KEY="+dc.PublicKeyHex(), "DELIVERY_HOLD=2s"))
	}
	dc.InteractionsURL = lbSrv.URL + "/discord/interactions"
	dc.WaitFor(t, "the commands", func() bool { return len(dc.Commands()) > 0 })

	alice := discordtest.User{ID: "3101", Username: "alice"}
	bob := discordtest.User{ID: "3102", Username: "bob"}
	users := map[string]discordtest.User{alice.ID: alice, bob.ID: bob}
	const ch = "3201"

	// A forged request reaches every process: each refuses it.
	forged := dc.Payload(&discordtest.Interaction{ID: "999", Token: "t", ChannelID: ch}, nil, nil)
	for i, c := range lb.targets {
		req, _ := http.NewRequest("POST", c.base+"/discord/interactions", bytes.NewReader(forged))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Signature-Timestamp", strconv.FormatInt(time.Now().Unix(), 10))
		req.Header.Set("X-Signature-Ed25519", strings.Repeat("ab", 64))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("process %d: a forged signature answered %s, want 401", i, resp.Status)
		}
	}

	out := dc.SlashCommand(ch, alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob.ID),
		discordtest.Opt("options", "seeds=3")).Wait(t)
	accept, ok := out.Message.Button("✔")
	if !ok {
		t.Fatalf("challenge without an accept button: %q", out.Message.Content)
	}
	dc.PressButton(ch, bob, "en-US", out.MessageID, accept.CustomID)
	var board discordtest.Message
	var game, version int64
	dc.WaitFor(t, "the board", func() bool {
		board, game, version = discordBoard(dc, ch)
		return game != 0 && discordToMoveRE.MatchString(board.Content)
	})
	startVersion := version
	seen := []int64{version}
	moves, killed := 0, false
	for turn := 0; ; turn++ {
		who := discordToMoveRE.FindStringSubmatch(board.Content)
		if who == nil {
			break // over
		}
		mover, other := users[who[1]], alice
		if mover.ID == alice.ID {
			other = bob
		}
		var pits []string
		for _, b := range board.Buttons() {
			if strings.HasPrefix(b.CustomID, "m:") {
				pits = append(pits, b.CustomID)
			}
		}
		if len(pits) == 0 {
			t.Fatalf("turn %d: a board without moves: %+v", turn, board)
		}
		if turn == 3 && !killed {
			victim := lb.targets[1]
			release := dc.Hold(discordtest.RouteWebhookEdit)
			lb.route(victim)
			dc.PressButton(ch, mover, "en-US", board.ID, pits[0])
			dc.WaitFor(t, "the move's board edit", func() bool { return dc.Waiting(discordtest.RouteWebhookEdit) > 0 })
			victim.kill()
			// The fake notices the dead client (its held call ends unapplied)
			// before the hold is lifted.
			dc.WaitFor(t, "the killed process's held edit to end", func() bool { return dc.Waiting(discordtest.RouteWebhookEdit) == 0 })
			lb.route(nil)
			release()
			killed = true
			moves++
			var next discordtest.Message
			var v int64
			dc.WaitFor(t, "the dead process's board, sent by another", func() bool {
				next, _, v = discordBoard(dc, ch)
				return v > version
			})
			if next.ID == board.ID || next.Interaction != "" {
				t.Errorf("the board came as message %s (interaction %q, %d edits), want a new channel message from the outbox",
					next.ID, next.Interaction, next.Edits)
			}
			board, version = next, v
			seen = append(seen, v)
			continue
		}
		ixs := []*discordtest.Interaction{dc.PressButton(ch, mover, "en-US", board.ID, pits[0])}
		if len(pits) > 1 {
			ixs = append(ixs, dc.PressButton(ch, mover, "en-US", board.ID, pits[len(pits)-1]))
		}
		ixs = append(ixs, dc.PressButton(ch, other, "en-US", board.ID, pits[0]))
		moves++
		dc.WaitFor(t, fmt.Sprintf("turn %d: the board after version %d", turn, version), func() bool {
			var v int64
			board, _, v = discordBoard(dc, ch)
			if v > version {
				version = v
				return true
			}
			return false
		})
		seen = append(seen, version)
		for _, ix := range ixs {
			ix.Wait(t) // the refusals too, before the next turn
		}
		if turn > 200 {
			t.Fatal("the game never ends")
		}
	}
	if !killed {
		t.Fatal("the game ended before a process could be killed")
	}
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g, err := db.Game(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	if g.Phase != store.PhaseOver || len(g.Moves) != moves || g.Version != startVersion+int64(moves) {
		t.Errorf("the game: phase %s, %d moves, version %d; want over, %d moves (one per board), version %d",
			g.Phase, len(g.Moves), g.Version, moves, startVersion+int64(moves))
	}
	for i, v := range seen {
		if v != startVersion+int64(i) {
			t.Errorf("boards shown in turn: versions %v, want every version from %d", seen, startVersion)
			break
		}
	}
	waitOutboxEmpty(t, db)
}
