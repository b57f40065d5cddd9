package discord

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

var (
	alice = discordtest.User{ID: "1180000000000000201", Username: "alice", GlobalName: "Alice"}
	bob   = discordtest.User{ID: "1180000000000000202", Username: "bob", GlobalName: "Bob"}
	carol = discordtest.User{ID: "1180000000000000203", Username: "carol", Nick: "Caz"}
)

const channel = "1180000000000000300"

// tinyPNG stands in for the board renderer: a valid 2×2 PNG whose colour
// depends on the position, drawn in microseconds.
func tinyPNG(p engine.Position, _ render.Options) ([]byte, error) {
	h := fnv.New32a()
	h.Write([]byte(p.String()))
	v := h.Sum32()
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	for x := range 2 {
		for y := range 2 {
			img.Set(x, y, color.RGBA{byte(v), byte(v >> 8), byte(v >> 16), 255})
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
}

// logBuffer collects the adapter's logs, to check that no secret leaks.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func openStore(t *testing.T) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// newBotOnly is a real bot over a real SQLite file, without Discord.
func newBotOnly(t *testing.T) *bot.Bot {
	return bot.New(bot.Config{Store: openStore(t), Render: tinyPNG})
}

// setup varies the harness.
type setup struct {
	DeferAfter time.Duration
	Global     bool         // register the commands globally
	Opponent   bot.Opponent // the bot's opponent (nil: the built-in one)
	Handler    Handler      // replaces the real bot
	Keep       bool         // the test stops the adapter itself (h.stop)
	Logger     *slog.Logger // the adapter's logger (nil: a text log in harness.logs)
	HTTP       bool         // HTTP interactions instead of the gateway
	Notices    bool         // the bot sends turn notifications
	PublicURL  string       // the bot's PublicURL: the base of the games' pages
	App        bool         // the bot offers the board app on Discord (AppPlatforms)
	Activity   bool         // the adapter's Activity setting

	// Now is the bot's clock (nil: time.Now).
	Now func() time.Time
	// AdapterNow is the adapter's clock (Config.Now; nil: time.Now).
	AdapterNow func() time.Time
}

// patientDeferAfter is the harness's DeferAfter when a test gives none: no
// answer ever waits that long, so none is deferred.
const patientDeferAfter = time.Hour

// harness is the adapter, with a real bot over a real store, against the
// fake Discord.
type harness struct {
	t        *testing.T
	srv      *discordtest.Server
	db       *sqlite.DB
	a        *Adapter
	logs     *logBuffer
	deferred bool // every interaction is deferred
	cancel   context.CancelFunc
	done     chan error
	users    map[string]discordtest.User

	// bot is the real bot (nil with setup.Handler).
	bot *bot.Bot
}

func start(t *testing.T, s setup) *harness {
	t.Helper()
	srv := discordtest.New(t)
	h := &harness{t: t, srv: srv, logs: &logBuffer{}, deferred: s.DeferAfter < 0, done: make(chan error, 1),
		users: map[string]discordtest.User{alice.ID: alice, bob.ID: bob, carol.ID: carol}}
	handler := s.Handler
	if handler == nil {
		h.db = openStore(t)
		bc := bot.Config{
			Store: h.db, Opponent: s.Opponent, Render: tinyPNG, ThinkTime: 5 * time.Second,
			// A review three plies deep is complete in milliseconds, even
			// under the race detector; the default (ten plies) spends its
			// whole ten seconds there.
			ReviewDepth: 3,
			Logger:      slog.New(slog.NewTextHandler(h.logs, nil)),
			TurnNotices: s.Notices, Now: s.Now, PublicURL: s.PublicURL,
		}
		if s.App {
			bc.AppPlatforms = []string{Platform}
		}
		h.bot = bot.New(bc)
		handler = h.bot
	}
	cfg := Config{
		Token: "Bot " + srv.Token, AppID: srv.AppID, GuildID: srv.GuildID, APIBase: srv.URL,
		Logger:     slog.New(slog.NewTextHandler(h.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		DeferAfter: s.DeferAfter, Now: s.AdapterNow, Activity: s.Activity,
	}
	if s.DeferAfter == 0 {
		// Answered at once, however loaded the machine: the adapter
		// never defers and the fake waits for the first response as
		// long as it takes (the deferral itself is tested with a gated
		// bot and a short DeferAfter).
		cfg.DeferAfter, srv.Deadline = patientDeferAfter, patientDeferAfter
	}
	if s.Logger != nil {
		cfg.Logger = s.Logger
	}
	if s.Global {
		cfg.GuildID = ""
	}
	if s.HTTP {
		key, err := ParsePublicKey(srv.PublicKeyHex())
		if err != nil {
			t.Fatal(err)
		}
		cfg.PublicKey = key
	}
	a, err := New(cfg, handler)
	if err != nil {
		t.Fatal(err)
	}
	h.a = a
	if s.HTTP {
		mux := http.NewServeMux()
		mux.Handle("POST /discord/interactions", a.InteractionsHandler())
		hs := httptest.NewServer(mux)
		t.Cleanup(hs.Close)
		srv.InteractionsURL = hs.URL + "/discord/interactions"
	}
	ctx, cancel := context.WithCancel(context.Background())
	h.cancel = cancel
	go func() { h.done <- a.Run(ctx) }()
	t.Cleanup(func() {
		if !s.Keep {
			h.stop()
		}
		logs := h.logs.String()
		if strings.Contains(logs, srv.Token) {
			t.Errorf("the bot token is in the logs:\n%s", logs)
		}
		if strings.Contains(logs, "aW50ZXJhY3Rpb24") {
			t.Errorf("an interaction token is in the logs:\n%s", logs)
		}
	})
	if !s.HTTP {
		srv.WaitConnected(t)
	}
	srv.WaitFor(t, "the commands", func() bool { return len(srv.Commands()) > 0 })
	return h
}

// stop ends Run and checks that it returns nil.
func (h *harness) stop() {
	h.t.Helper()
	h.cancel()
	select {
	case err := <-h.done:
		if err != nil {
			h.t.Errorf("Run: %v", err)
		}
	case <-time.After(2 * time.Minute): // a hang, not a timing
		h.t.Errorf("Run did not return after its context ended")
	}
}

func (h *harness) command(user discordtest.User, locale, name string, opts ...discordtest.Option) *discordtest.Interaction {
	h.t.Helper()
	return h.srv.SlashCommand(channel, user, locale, name, opts...)
}

func (h *harness) press(user discordtest.User, messageID, customID string) *discordtest.Interaction {
	h.t.Helper()
	return h.srv.PressButton(channel, user, "en-US", messageID, customID)
}

func ops(ix *discordtest.Interaction) []string {
	var out []string
	for _, o := range ix.Outputs() {
		out = append(out, o.Op)
	}
	return out
}

// reply waits for the answer to a command, a new public message, and
// checks it came the expected way: the response itself, or an edit of the
// deferred "thinking…" message.
func (h *harness) reply(ix *discordtest.Interaction) discordtest.Output {
	h.t.Helper()
	out := ix.Wait(h.t)
	got := ops(ix)
	want := []string{discordtest.OpReply}
	if h.deferred {
		want = []string{discordtest.OpDefer, discordtest.OpEditOriginal}
	}
	if !slices.Equal(got[:min(len(got), len(want))], want) || out.Message.Ephemeral {
		h.t.Fatalf("/%s: outputs %q (ephemeral %v), want %q, public", ix.Name, got, out.Message.Ephemeral, want)
	}
	return out
}

// refusal waits for a private answer with the message key's English text
// and checks that nothing public was posted or changed.
func (h *harness) refusal(ix *discordtest.Interaction, key string) discordtest.Output {
	h.t.Helper()
	out := ix.Wait(h.t)
	var want []string
	switch {
	case !h.deferred:
		want = []string{discordtest.OpReply}
	case ix.Type == 2:
		want = []string{discordtest.OpDefer, discordtest.OpDeleteOriginal, discordtest.OpFollowup}
	default:
		want = []string{discordtest.OpDeferUpdate, discordtest.OpFollowup}
	}
	if got := ops(ix); !slices.Equal(got, want) {
		h.t.Errorf("%s%s: outputs %q, want %q", ix.Name, ix.CustomID, got, want)
	}
	text := locales.ForDiscord(locales.Text(locales.EN, key, nil))
	if !out.Message.Ephemeral || out.Message.Content != text || len(out.Message.Rows) != 0 {
		h.t.Errorf("%s%s: answer %+v, want an ephemeral %q", ix.Name, ix.CustomID, out.Message, text)
	}
	return out
}

// update waits for a button press to update the pressed message and
// checks the board: one PNG, named after the game's version, replacing the
// old one.
func (h *harness) update(ix *discordtest.Interaction) discordtest.Message {
	h.t.Helper()
	out := ix.Wait(h.t)
	got := ops(ix)
	want := []string{discordtest.OpUpdate}
	if h.deferred || (len(got) > 0 && got[0] == discordtest.OpDeferUpdate) {
		want = []string{discordtest.OpDeferUpdate, discordtest.OpEditOriginal}
	}
	if !h.deferred && h.a.deferAfter == patientDeferAfter && !slices.Equal(got, []string{discordtest.OpUpdate}) {
		h.t.Errorf("press answered with %q, want an immediate update", got)
	}
	if !slices.Equal(got, want) || out.MessageID != ix.MessageID {
		h.t.Fatalf("press %s: outputs %q on message %s, want %q on the pressed message %s", ix.CustomID, got, out.MessageID, want, ix.MessageID)
	}
	m := out.Message
	if m.Ephemeral {
		h.t.Fatalf("press %s: ephemeral update", ix.CustomID)
	}
	return m
}

// wantBoard checks that m carries exactly one board image.
func (h *harness) wantBoard(m discordtest.Message) {
	h.t.Helper()
	if len(m.Files) != 1 {
		h.t.Fatalf("message has %d files, want the board only: %+v", len(m.Files), m.Files)
	}
	f := m.Files[0]
	if f.ContentType != "image/png" || !strings.HasPrefix(f.Name, "board-") || !strings.HasSuffix(f.Name, ".png") {
		h.t.Errorf("file %s (%s)", f.Name, f.ContentType)
	}
	if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
		h.t.Errorf("board image: %v", err)
	}
}

// unchanged checks that a message is as it was.
func (h *harness) unchanged(before discordtest.Message) {
	h.t.Helper()
	now, ok := h.srv.Message(before.ID)
	if !ok || now.Edits != before.Edits || now.Content != before.Content {
		h.t.Errorf("message %s changed: %d edits, was %d", before.ID, now.Edits, before.Edits)
	}
}

func (h *harness) live() *store.Game {
	h.t.Helper()
	g, err := h.db.LiveGame(context.Background(), Platform, channel)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// game is the channel's live game, else its last finished one.
func (h *harness) game() *store.Game {
	h.t.Helper()
	if g := h.live(); g != nil {
		return g
	}
	return h.last()
}

func (h *harness) last() *store.Game {
	h.t.Helper()
	g, err := h.db.LastGame(context.Background(), Platform, channel)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// toMove is the user to move in a stored game, replayed with the engine.
func (h *harness) toMove(g *store.Game) discordtest.User {
	h.t.Helper()
	rules, err := engine.New(g.Variant, g.Options)
	if err != nil {
		h.t.Fatal(err)
	}
	game := engine.NewGame(rules.Start())
	for _, m := range g.Moves {
		mv, err := engine.ParseMove(m.Move)
		if err == nil {
			_, err = game.Play(mv)
		}
		if err != nil {
			h.t.Fatal(err)
		}
	}
	u, ok := h.users[g.Players[game.Position().ToMove()].UserID]
	if !ok {
		h.t.Fatalf("player to move %+v is not a test user", g.Players[game.Position().ToMove()])
	}
	return u
}

// pitButtons are m's buttons but the replay button (▶).
func pitButtons(m discordtest.Message) []discordtest.Button {
	var out []discordtest.Button
	for _, b := range m.Buttons() {
		if b.Label != "▶" {
			out = append(out, b)
		}
	}
	return out
}

func labels(m discordtest.Message) []string {
	var out []string
	for _, b := range m.Buttons() {
		out = append(out, b.Label)
	}
	return out
}

// TestTwoPlayerGame plays a whole game between two users in a guild
// channel with the buttons: challenge, a stranger's press, accept, moves to
// the end, a press by the player not to move, a stale press, a double
// press, a 429 in the middle, then a rematch offer that is declined. Once
// with the bot answering within the deferral window, once with every
// interaction deferred.
func TestTwoPlayerGame(t *testing.T) {
	t.Parallel()
	for _, mode := range []struct {
		name       string
		deferAfter time.Duration
	}{{"answered at once", 0}, {"always deferred", -1}} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			playTwoPlayerGame(t, start(t, setup{DeferAfter: mode.deferAfter}))
		})
	}
}

func playTwoPlayerGame(t *testing.T, h *harness) {
	// The challenge: a public message naming bob, who is pinged, with ✔ and ✖.
	out := h.reply(h.command(alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("opponent", bob)))
	challenge := out.Message
	if !strings.Contains(challenge.Content, bob.Mention()) || !strings.Contains(challenge.Content, alice.Mention()) {
		t.Errorf("challenge %q does not name both players", challenge.Content)
	}
	if !slices.Equal(challenge.Ping, []string{bob.ID}) || len(challenge.PingParse) != 0 {
		t.Errorf("challenge pings %v (parse %v), want bob only", challenge.Ping, challenge.PingParse)
	}
	acceptBtn, ok1 := challenge.Button("✔")
	declineBtn, ok2 := challenge.Button("✖")
	if !ok1 || !ok2 || acceptBtn.Style != int(discordgo.SuccessButton) || declineBtn.Style != int(discordgo.DangerButton) {
		t.Fatalf("challenge buttons %+v", challenge.Rows)
	}

	// A stranger cannot accept a challenge to bob.
	h.refusal(h.press(carol, challenge.ID, acceptBtn.CustomID), "err_not_invited")
	h.unchanged(challenge)

	// bob accepts: the challenge becomes the board.
	accepted := h.press(bob, challenge.ID, acceptBtn.CustomID)
	board := h.update(accepted)
	h.wantBoard(board)
	if !h.deferred {
		// On the wire: an update with the new image, and "attachments"
		// listing it alone (id 0): the old one is dropped, the new one
		// added.
		for _, r := range h.srv.Responses() {
			if r.InteractionID == accepted.ID && (r.Type != 7 || !slices.Equal(r.Payload.KeepAttachments, []string{"0"}) || len(r.Payload.Files) != 1) {
				t.Errorf("accept response %+v", r)
			}
		}
	}
	first := board
	for _, b := range board.Buttons() {
		if b.Style != int(discordgo.SecondaryButton) {
			t.Errorf("pit button %+v: want the secondary style", b)
		}
	}

	for turn := 0; ; turn++ {
		if turn > 400 {
			t.Fatal("the game does not end")
		}
		g := h.live()
		if g == nil {
			break
		}
		mover := h.toMove(g)
		other := alice
		if mover.ID == alice.ID {
			other = bob
		}
		pits := pitButtons(board)
		if len(pits) == 0 {
			t.Fatalf("turn %d: no buttons on the board: %+v", turn, board)
		}
		pick := pits[turn%len(pits)]
		switch turn {
		case 1: // a stranger presses a pit: refused privately, the board stays
			h.refusal(h.press(carol, board.ID, pick.CustomID), "err_not_a_player")
			h.unchanged(board)
		case 2: // the player not to move presses
			h.refusal(h.press(other, board.ID, pick.CustomID), "err_not_your_turn")
			h.unchanged(board)
		case 3: // a button of an older board
			h.refusal(h.press(mover, board.ID, first.Buttons()[0].CustomID), "err_stale_button")
			h.unchanged(board)
		case 4: // a double press: one move, one refusal
			ix1, ix2 := h.press(mover, board.ID, pick.CustomID), h.press(mover, board.ID, pick.CustomID)
			o1, o2 := ix1.Wait(t), ix2.Wait(t)
			if o1.Message.Ephemeral == o2.Message.Ephemeral {
				t.Fatalf("double press: answers %q and %q, want one update and one refusal", ops(ix1), ops(ix2))
			}
			refused := o2
			if o1.Message.Ephemeral {
				refused = o1
			}
			if want := locales.ForDiscord(locales.Text(locales.EN, "err_stale_button", nil)); refused.Message.Content != want {
				t.Errorf("second press: %q, want %q", refused.Message.Content, want)
			}
			if after := h.game(); len(after.Moves) != len(g.Moves)+1 {
				t.Fatalf("double press played %d moves", len(after.Moves)-len(g.Moves))
			}
			board, _ = h.srv.Message(board.ID)
			continue
		case 5: // Discord rate-limits the answer once; it still arrives
			route := discordtest.RouteCallback
			if h.deferred {
				route = discordtest.RouteWebhookEdit
			}
			h.srv.RateLimit(route, 1, 50*time.Millisecond)
			next := h.update(h.press(mover, board.ID, pick.CustomID))
			var statuses []int
			for _, r := range h.srv.RequestsTo(route) {
				statuses = append(statuses, r.Status)
			}
			if len(statuses) < 2 || statuses[len(statuses)-2] != 429 || statuses[len(statuses)-1] >= 300 {
				t.Errorf("%s: statuses %v, want a 429 then a success", route, statuses)
			}
			if after := h.game(); len(after.Moves) != len(g.Moves)+1 {
				t.Fatalf("after the 429: %d moves played, want 1", len(after.Moves)-len(g.Moves))
			}
			board = next
			continue
		}
		next := h.update(h.press(mover, board.ID, pick.CustomID))
		h.wantBoard(next)
		if next.Files[0].Name == board.Files[0].Name {
			t.Errorf("turn %d: the new board image has the old name %s", turn, board.Files[0].Name)
		}
		if after := h.game(); len(after.Moves) != len(g.Moves)+1 {
			t.Fatalf("turn %d: %d moves played, want 1", turn, len(after.Moves)-len(g.Moves))
		}
		board = next
	}

	// Game over: the board shows the result and offers a rematch.
	g := h.last()
	if g.Phase != store.PhaseOver || g.Result == "" {
		t.Fatalf("game %+v is not over", g)
	}
	h.wantBoard(board)
	re, ok := board.Button("↻")
	if !ok || !slices.Equal(labels(board), []string{"↻ Rematch", "▶", "📈 Review"}) || re.Style != int(discordgo.PrimaryButton) {
		t.Fatalf("final board buttons %q", labels(board))
	}

	// The review button posts the review as a new public message: the
	// graph and the turning points (this bot has no Deliver: the review
	// is the reply itself). The board stays as it is.
	rb, ok := board.Button("📈")
	if !ok {
		t.Fatalf("no review button in %q", labels(board))
	}
	ix := h.press(bob, board.ID, rb.CustomID)
	out = ix.Wait(t)
	if out.Message.Ephemeral || out.MessageID == board.ID || len(out.Message.Files) != 1 ||
		!strings.HasPrefix(out.Message.Content, "**Review: Kalah, ") || len(out.Message.Rows) != 0 {
		t.Fatalf("review: %+v", out.Message)
	}
	h.unchanged(board)

	// The rematch is a new challenge message; bob declines it, and the
	// message loses its buttons.
	ix = h.press(alice, board.ID, re.CustomID)
	out = ix.Wait(t)
	wantOps := []string{discordtest.OpReply}
	if h.deferred {
		wantOps = []string{discordtest.OpDeferUpdate, discordtest.OpFollowup}
	}
	if got := ops(ix); !slices.Equal(got, wantOps) || out.Message.Ephemeral || out.MessageID == board.ID {
		t.Fatalf("rematch: outputs %q on %s, want %q: a new public message", got, out.MessageID, wantOps)
	}
	h.unchanged(board)
	decline, ok := out.Message.Button("✖")
	if !ok {
		t.Fatalf("rematch offer buttons %q", labels(out.Message))
	}
	declined := h.update(h.press(bob, out.MessageID, decline.CustomID))
	if len(declined.Rows) != 0 || len(declined.Files) != 0 || !strings.Contains(declined.Content, bob.Mention()) {
		t.Errorf("declined challenge %+v: want text only", declined)
	}
}

// gatedOpponent is the built-in opponent, held until the test opens the
// gate: a bot that "thinks" as long as the test wants.
type gatedOpponent struct {
	bot.SimpleOpponent
	gate chan struct{}
}

func (g gatedOpponent) Move(ctx context.Context, game *engine.Game, level string, seed int64) (bot.Choice, error) {
	select {
	case <-g.gate:
	case <-ctx.Done():
		return bot.Choice{}, ctx.Err()
	}
	return g.SimpleOpponent.Move(ctx, game, level, seed)
}

// TestGameAgainstBot: the bot thinks longer than the deferral window, so
// the command is deferred ("thinking…") and the board arrives as an edit;
// then the game is played to the end with the buttons.
func TestGameAgainstBot(t *testing.T) {
	t.Parallel()
	gate := make(chan struct{})
	h := start(t, setup{DeferAfter: 100 * time.Millisecond, Opponent: gatedOpponent{gate: gate}})

	ix := h.command(alice, "da", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("level", "easy"), discordtest.Opt("options", "second"))
	d := ix.WaitOp(t, discordtest.OpDefer)
	if len(ix.Visible()) != 0 || d.Message.Ephemeral || !d.Message.Deferred {
		t.Fatalf("before the bot moved: outputs %q", ops(ix))
	}
	close(gate)
	out := ix.Wait(t)
	if got := ops(ix); !slices.Equal(got, []string{discordtest.OpDefer, discordtest.OpEditOriginal}) || out.MessageID != d.MessageID {
		t.Fatalf("outputs %q, want the deferred message edited", got)
	}
	board := out.Message
	h.wantBoard(board)
	if want := locales.Text(locales.DA, "game_started_vs_bot", map[string]any{"Player": alice.Mention(), "Level": locales.Text(locales.DA, "level_easy", nil)}); !strings.HasPrefix(board.Content, locales.ForDiscord(want)) {
		t.Errorf("content %q, want it to start with %q", board.Content, want)
	}
	if g := h.live(); g == nil || len(g.Moves) == 0 || g.Moves[0].UserID != "" {
		t.Fatalf("the bot has not made its first move: %+v", g)
	}

	for turn := 0; h.live() != nil; turn++ {
		if turn > 200 {
			t.Fatal("the game does not end")
		}
		pits := pitButtons(board)
		if len(pits) == 0 {
			t.Fatalf("no buttons: %+v", board)
		}
		board = h.update(h.press(alice, board.ID, pits[turn%len(pits)].CustomID))
		h.wantBoard(board)
	}
	if g := h.last(); g.Phase != store.PhaseOver || g.Players[0].Level != "easy" {
		t.Errorf("game %+v", g)
	}
	if _, ok := board.Button("↻"); !ok {
		t.Errorf("final buttons %q", labels(board))
	}
}

// TestCommandsAndResign: a game opened to anyone, accepted and played with
// slash commands, and resigned.
func TestCommandsAndResign(t *testing.T) {
	t.Parallel()
	h := start(t, setup{})
	open := h.reply(h.command(alice, "pl", "new", discordtest.Opt("variant", "oware")))
	if len(open.Message.Ping) != 0 {
		t.Errorf("open challenge pings %v", open.Message.Ping)
	}
	h.refusal(h.command(alice, "en-US", "accept"), "err_cannot_accept_own")
	started := h.reply(h.command(bob, "en-US", "accept"))
	h.wantBoard(started.Message)
	if started.MessageID == open.MessageID || len(started.Message.Buttons()) == 0 {
		t.Errorf("/accept: %+v, want a new board message with buttons", started.Message)
	}
	h.refusal(h.command(carol, "en-US", "resign"), "err_not_a_player")

	// The player to move plays /move with a pit the buttons offer.
	g := h.live()
	mover := h.toMove(g)
	pit := started.Message.Buttons()[0].Label
	var n int
	fmt.Sscan(pit, &n)
	moved := h.reply(h.command(mover, "en-US", "move", discordtest.Opt("pit", n)))
	h.wantBoard(moved.Message)
	if after := h.live(); len(after.Moves) != 1 || after.Moves[0].Move != pit {
		t.Fatalf("after /move %s: %+v", pit, after.Moves)
	}

	// The board again, then a resignation.
	again := h.reply(h.command(carol, "en-US", "board"))
	h.wantBoard(again.Message)
	resigned := h.reply(h.command(bob, "en-US", "resign"))
	h.wantBoard(resigned.Message)
	if g := h.last(); g.Phase != store.PhaseOver || g.Reason != "resign" {
		t.Fatalf("after /resign: %+v", g)
	}
	if _, ok := resigned.Message.Button("↻"); !ok {
		t.Errorf("after /resign: buttons %q", labels(resigned.Message))
	}
	h.refusal(h.command(alice, "en-US", "resign"), "err_no_game")

	record := h.reply(h.command(carol, "en-US", "game"))
	if !strings.Contains(record.Message.Content, "oware") || !strings.Contains(record.Message.Content, alice.Mention()) {
		t.Errorf("/game: %q", record.Message.Content)
	}
	if len(record.Message.Ping) != 0 {
		t.Errorf("/game pings %v", record.Message.Ping)
	}
	top := h.reply(h.command(carol, "en-US", "top"))
	if !strings.Contains(top.Message.Content, bob.Mention()) || len(top.Message.Ping) != 0 {
		t.Errorf("/top: %q pings %v, want the players named silently", top.Message.Content, top.Message.Ping)
	}
	stats := h.reply(h.command(alice, "en-US", "stats"))
	if !strings.HasPrefix(stats.Message.Content, alice.Mention()) {
		t.Errorf("/stats: %q", stats.Message.Content)
	}
}

// TestRulesInEachLanguage: /rules answers in the user's Discord locale,
// and /lang overrides it.
func TestRulesInEachLanguage(t *testing.T) {
	t.Parallel()
	h := start(t, setup{})
	for i, loc := range []string{"ru", "da", "pl", "en-US"} {
		u := discordtest.User{ID: fmt.Sprint(1180000000000000210 + i), Username: "user" + loc}
		out := h.reply(h.command(u, loc, "rules", discordtest.Opt("variant", "kalah")))
		// Commands are named as the user's client shows them (/ход, /ruch).
		want := locales.ForDiscord(locales.Rules(locales.Resolve(loc), "kalah", nil))
		if l := locales.Resolve(loc); l != locales.EN {
			want = strings.ReplaceAll(want, "/move", "/"+localCommand(l, "move"))
		}
		if out.Message.Content != want {
			t.Errorf("%s: rules\n%s\nwant\n%s", loc, out.Message.Content, want)
		}
	}
	set := h.command(alice, "ru", "lang", discordtest.Opt("language", "pl")).Wait(t)
	if want := locales.Text(locales.PL, "lang_set", map[string]any{"Lang": locales.Text(locales.PL, "lang_name_pl", nil)}); !set.Message.Ephemeral || set.Message.Content != locales.ForDiscord(want) {
		t.Errorf("/lang: %+v, want an ephemeral %q", set.Message, want)
	}
	out := h.reply(h.command(alice, "ru", "rules", discordtest.Opt("variant", "oware")))
	if want := strings.ReplaceAll(locales.ForDiscord(locales.Rules(locales.PL, "oware", nil)), "/move", "/ruch"); out.Message.Content != want {
		t.Errorf("after /lang pl, rules in %q", out.Message.Content)
	}
}

// TestCommandsRegistered: the slash commands with their localizations, in
// the guild when one is configured, else globally.
func TestCommandsRegistered(t *testing.T) {
	t.Parallel()
	for _, global := range []bool{false, true} {
		t.Run(fmt.Sprintf("global=%v", global), func(t *testing.T) {
			t.Parallel()
			h := start(t, setup{Global: global})
			sets := h.srv.Commands()
			if len(sets) != 1 {
				t.Fatalf("%d registrations", len(sets))
			}
			route, guild := discordtest.RouteGuildCommands, h.srv.GuildID
			if global {
				route, guild = discordtest.RouteGlobalCommands, ""
			}
			if sets[0].Guild != guild {
				t.Errorf("registered in guild %q, want %q", sets[0].Guild, guild)
			}
			if rs := h.srv.RequestsTo(route); len(rs) != 1 || rs[0].Auth != "Bot "+h.srv.Token {
				t.Errorf("requests on %s: %+v", route, rs)
			}
			byName := map[string]*discordgo.ApplicationCommand{}
			var names []string
			for _, c := range sets[0].Commands {
				byName[c.Name] = c
				names = append(names, c.Name)
			}
			if !slices.Equal(names, botCommandNames()) {
				t.Errorf("commands %q", names)
			}
			newCmd := byName["new"]
			if newCmd == nil || newCmd.NameLocalizations == nil || (*newCmd.NameLocalizations)[discordgo.Russian] != "новая" {
				t.Fatalf("/new: %+v", newCmd)
			}
			for l, loc := range discordLocales {
				if got := (*newCmd.DescriptionLocalizations)[loc]; got != locales.Text(l, "cmd_new", nil) {
					t.Errorf("/new %s description %q", loc, got)
				}
			}
			var optNames []string
			for _, o := range newCmd.Options {
				optNames = append(optNames, o.Name)
			}
			if !slices.Equal(optNames, []string{"variant", "opponent", "level", "options", "opponent2", "opponent3"}) {
				t.Errorf("/new options %q", optNames)
			}
			if v := newCmd.Options[0]; len(v.Choices) == 0 || v.Choices[0].Value != "kalah" || v.Choices[0].NameLocalizations[discordgo.Polish] == "" {
				t.Errorf("/new variant choices %+v", v.Choices)
			}
			if o := newCmd.Options[1]; o.Type != discordgo.ApplicationCommandOptionUser {
				t.Errorf("opponent option type %v", o.Type)
			}
			if p := byName["move"].Options[0]; p.Name != "pit" || p.Type != discordgo.ApplicationCommandOptionString || !p.Required {
				t.Errorf("/move option %+v", p)
			}
			if ids := h.srv.Identifies(); len(ids) != 1 || ids[0].Intents != 0 {
				t.Errorf("identify %+v: want no intents", ids)
			}
		})
	}
}

// TestDeliver: a message the bot sends on its own reaches the channel,
// through a 429 and a 500; delivery gives up after a bounded number of
// tries, and says so without the token.
func TestDeliver(t *testing.T) {
	t.Parallel()
	h := start(t, setup{})
	h.a.backoff = 10 * time.Millisecond
	img, _ := tinyPNG(engine.Position{}, render.Options{})
	var acks atomic.Int32 // the outbox's confirmations (bot.Reply.Ack)
	o := bot.Outgoing{Platform: Platform, Channel: channel, Reply: bot.Reply{
		Text:    "*Reminder:* " + alice.Mention() + " to move.",
		Board:   &bot.Board{GameID: 3, Version: 9, PNG: img, Buttons: [][]bot.Button{{{Label: "1", Data: "m:3:9:1"}}}},
		Private: true,
		Ack:     func() { acks.Add(1) },
	}}
	h.srv.RateLimit(discordtest.RouteChannelMessages, 1, 50*time.Millisecond)
	h.srv.Fail(discordtest.RouteChannelMessages, 1, 500)
	if err := h.a.Deliver(context.Background(), o); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	var statuses []int
	for _, r := range h.srv.RequestsTo(discordtest.RouteChannelMessages) {
		statuses = append(statuses, r.Status)
	}
	if !slices.Equal(statuses, []int{429, 500, 200}) {
		t.Errorf("statuses %v, want 429, 500, 200", statuses)
	}
	msgs := h.srv.ChannelMessages(channel)
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	m := msgs[0]
	if m.Content != "**Reminder:** "+alice.Mention()+" to move." || m.Ephemeral || len(m.Files) != 1 || m.Files[0].Name != "board-3-9.png" {
		t.Errorf("delivered %+v", m)
	}
	if !slices.Equal(m.Ping, []string{alice.ID}) {
		t.Errorf("reminder pings %v, want alice", m.Ping)
	}
	if !strings.Contains(h.logs.String(), "retrying") {
		t.Errorf("the failure was not logged")
	}
	if n := acks.Load(); n != 1 {
		t.Errorf("the board posted: Ack called %d times, want 1", n)
	}

	h.srv.Fail(discordtest.RouteChannelMessages, attempts, 500)
	err := h.a.Deliver(context.Background(), o)
	if err == nil || strings.Contains(err.Error(), h.srv.Token) {
		t.Fatalf("Deliver through %d failures: %v", attempts, err)
	}
	if n := acks.Load(); n != 1 {
		t.Errorf("a board never posted: Ack called %d times in all, want 1", n)
	}
	if n := len(h.srv.RequestsTo(discordtest.RouteChannelMessages)); n != 3+attempts {
		t.Errorf("%d requests, want %d", n, 3+attempts)
	}
	if err := h.a.Deliver(context.Background(), bot.Outgoing{Platform: "telegram", Channel: "1"}); err == nil {
		t.Errorf("Deliver of a telegram message: no error")
	}
	// A quiet message (a review) names alice without notifying her.
	q := bot.Outgoing{Platform: Platform, Channel: channel, Quiet: true, Reply: bot.Reply{Text: "Review: " + alice.Mention()}}
	if err := h.a.Deliver(context.Background(), q); err != nil {
		t.Fatalf("Deliver quiet: %v", err)
	}
	if msgs := h.srv.ChannelMessages(channel); len(msgs) != 2 || len(msgs[1].Ping) != 0 {
		t.Errorf("quiet message %+v, want no ping", msgs)
	}
}

// TestResponseFails: when the interaction response cannot be sent, a
// public reply is posted to the channel instead (the move is committed;
// the board must show).
func TestResponseFails(t *testing.T) {
	t.Parallel()
	h := start(t, setup{})
	h.a.backoff = 10 * time.Millisecond
	h.srv.Fail(discordtest.RouteCallback, attempts, 500)
	ix := h.command(alice, "en-US", "variants")
	h.srv.WaitFor(t, "the reply in the channel", func() bool { return len(h.srv.ChannelMessages(channel)) == 1 })
	m := h.srv.ChannelMessages(channel)[0]
	if m.Interaction != "" || !strings.HasPrefix(m.Content, locales.ForDiscord(locales.Text(locales.EN, "variants_header", nil))) {
		t.Errorf("fallback message %+v", m)
	}
	if len(ix.Outputs()) != 0 {
		t.Errorf("outputs %q", ops(ix))
	}
}

// TestDeferredAndLong: with every interaction deferred, a private answer
// to a command replaces the "thinking…" message by an ephemeral one; a
// reply longer than Discord's 2000 characters comes in several messages.
func TestDeferredAndLong(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("*Line* of a long answer.\n", 200) // about 5000 characters
	handler := HandlerFunc(func(_ context.Context, req bot.Request) []bot.Reply {
		if req.Command == "undo" {
			return []bot.Reply{{Text: "Nothing to undo.", Private: true}}
		}
		return []bot.Reply{{Text: long}}
	})
	for _, deferAfter := range []time.Duration{0, -1} {
		t.Run(fmt.Sprint("deferAfter=", deferAfter), func(t *testing.T) {
			t.Parallel()
			h := start(t, setup{Handler: handler, DeferAfter: deferAfter})
			ix := h.command(alice, "en-US", "undo")
			out := ix.Wait(t)
			if !out.Message.Ephemeral || out.Message.Content != "Nothing to undo." {
				t.Errorf("/undo: %+v", out.Message)
			}
			if deferAfter < 0 {
				want := []string{discordtest.OpDefer, discordtest.OpDeleteOriginal, discordtest.OpFollowup}
				if got := ops(ix); !slices.Equal(got, want) {
					t.Errorf("/undo: outputs %q, want %q", got, want)
				}
			}
			ix = h.command(alice, "en-US", "help")
			parts := ix.WaitN(t, 3)
			var all strings.Builder
			for i, p := range parts {
				if contentLen(p.Message.Content) > maxContent || p.Message.Ephemeral {
					t.Errorf("part %d: %d characters", i, contentLen(p.Message.Content))
				}
				all.WriteString(p.Message.Content + "\n")
			}
			if got, want := strings.Fields(all.String()), strings.Fields(locales.ForDiscord(long)); !slices.Equal(got, want) {
				t.Errorf("the parts do not add up to the reply")
			}
		})
	}
}

// TestShutdownFinishesInFlight: an interaction being handled when Run's
// context ends is still answered, and Run returns nil.
func TestShutdownFinishesInFlight(t *testing.T) {
	t.Parallel()
	entered, release := make(chan struct{}), make(chan struct{})
	handler := HandlerFunc(func(context.Context, bot.Request) []bot.Reply {
		close(entered)
		<-release
		return []bot.Reply{{Text: "done"}}
	})
	h := start(t, setup{Handler: handler, DeferAfter: -1, Keep: true})
	ix := h.command(alice, "en-US", "help")
	<-entered
	h.cancel()
	time.Sleep(50 * time.Millisecond)
	close(release)
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(2 * time.Minute): // a hang, not a timing
		t.Fatal("Run did not return")
	}
	if out := ix.Wait(t); out.Message.Content != "done" {
		t.Errorf("answer %+v", out.Message)
	}
}

// TestRunErrors: Run reports a failed start-up, without the token.
func TestRunErrors(t *testing.T) {
	t.Parallel()
	srv := discordtest.New(t)
	srv.Fail(discordtest.RouteGuildCommands, 1, 403)
	a, err := New(Config{Token: srv.Token, AppID: srv.AppID, GuildID: srv.GuildID, APIBase: srv.URL}, newBotOnly(t))
	if err != nil {
		t.Fatal(err)
	}
	err = a.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "register commands") || strings.Contains(err.Error(), srv.Token) {
		t.Errorf("Run with a refused registration: %v", err)
	}

	srv2 := discordtest.New(t)
	a, _ = New(Config{Token: "wrong-token", AppID: srv2.AppID, APIBase: srv2.URL}, newBotOnly(t))
	err = a.Run(context.Background())
	if err == nil || strings.Contains(err.Error(), "wrong-token") {
		t.Errorf("Run with a bad token: %v", err)
	}
}

// localCommand is the name Discord shows for a command in language l.
func localCommand(l locales.Lang, name string) string {
	return locales.Text(l, "cmdname_"+name, nil)
}
