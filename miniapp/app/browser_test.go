package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/internal/browsertest"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/miniapp/activity"
	"github.com/mancala-bot/mancala/miniapp/activity/activitytest"
	"github.com/mancala-bot/mancala/miniapp/initdata"
	"github.com/mancala-bot/mancala/miniapp/initdata/initdatatest"
	"github.com/mancala-bot/mancala/miniapp/preview"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// The browser tests open the board app in a headless Chromium at 390×844
// (internal/browsertest; skipped without one unless
// MANCALA_REQUIRE_BROWSER=1), signed in as Telegram users (a stub
// window.Telegram.WebApp injected before the page's scripts, with launch
// data signed here with a test bot token) or as Discord users (a page
// playing the Discord client frames the app: testdata/discord), against
// the real server, bot, engine, renderer and SQLite store. Screenshots
// are compared with goldens in testdata/screens (go test -update-screens
// rewrites them).

const browserBotToken = "123456:browser-test-token"

// browserEnv is a real server of the app on a real HTTP server: the app
// under /app/, the fake Discord client page under /discord/.
type browserEnv struct {
	t         *testing.T
	db        *sqlite.DB
	bot       *bot.Bot
	srv       *httptest.Server
	discord   *activitytest.Server
	delivered chan bot.Outgoing
}

func renderPNG(p engine.Position, o render.Options) ([]byte, error) {
	var buf bytes.Buffer
	err := render.PNG(&buf, p, o)
	return buf.Bytes(), err
}

func newBrowserEnv(t *testing.T) *browserEnv {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "mancala.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	e := &browserEnv{t: t, db: db, delivered: make(chan bot.Outgoing, 4096)}
	e.bot = bot.New(bot.Config{Store: db, Render: renderPNG})
	e.discord = activitytest.New("424242", "browser-secret")
	t.Cleanup(e.discord.Close)
	s := New(Config{
		Store:  db,
		Handle: e.bot.Handle,
		Deliver: func(ctx context.Context, o bot.Outgoing) {
			e.delivered <- o
		},
		Telegram:   initdata.NewVerifier(browserBotToken, time.Hour),
		Discord:    activity.New(activity.Config{ClientID: "424242", ClientSecret: "browser-secret", BaseURL: e.discord.URL}),
		SessionKey: bytes.Repeat([]byte("k"), 32),
		Poll:       20 * time.Millisecond,
		Rate:       1000,
		Burst:      1000,
	})
	mux := http.NewServeMux()
	mux.Handle("/app/", http.StripPrefix("/app", s.Handler()))
	mux.Handle("/discord/", http.StripPrefix("/discord/", http.FileServer(http.Dir("testdata/discord"))))
	e.srv = httptest.NewServer(mux)
	t.Cleanup(e.srv.Close)
	return e
}

// newGame stores a game of variant in play between the users (one a
// seat), in a channel of its own, and returns it.
func (e *browserEnv) newGame(platform, channel, variant string, users ...[2]string) *store.Game {
	e.t.Helper()
	g := &store.Game{Platform: platform, Channel: channel, Variant: variant, Phase: store.PhasePlaying,
		Lang: "en", DrawOffer: -1, UndoOffer: -1, CreatedAt: time.Now(), UpdatedAt: time.Now()}
	for _, u := range users {
		g.Players = append(g.Players, store.Player{UserID: u[0], Name: u[1]})
	}
	if err := e.db.CreateGame(context.Background(), g); err != nil {
		e.t.Fatal(err)
	}
	return e.game(g.PageID)
}

func (e *browserEnv) game(pageID string) *store.Game {
	e.t.Helper()
	g, err := e.db.GameByPage(context.Background(), pageID)
	if err != nil {
		e.t.Fatal(err)
	}
	return g
}

// tgUser is a Telegram user as the launch data carries it.
type tgUser struct {
	ID   int64  `json:"id"`
	Name string `json:"first_name"`
	Lang string `json:"language_code,omitempty"`
}

// signInitData is Telegram's launch data for u opening the app with
// start_param page, signed with the test bot token as Telegram signs it.
func signInitData(u tgUser, page string, at time.Time) string {
	return initdatatest.Sign(browserBotToken, initdatatest.Data{
		User:     initdatatest.User{ID: u.ID, FirstName: u.Name, LanguageCode: u.Lang},
		AuthDate: at, QueryID: "AAHtest" + strconv.FormatInt(u.ID, 10), StartParam: page,
	})
}

// telegramStub is the script standing in for telegram-web-app.js: the
// launch data, the theme, and every call the page makes recorded in
// Telegram.WebApp.calls.
func telegramStub(initData string, u tgUser, page string, dark bool) string {
	theme := `{"bg_color":"#ffffff","secondary_bg_color":"#f1f1f4","text_color":"#000000","hint_color":"#707579","link_color":"#2481cc","button_color":"#2481cc","button_text_color":"#ffffff"}`
	scheme := "light"
	if dark {
		theme = `{"bg_color":"#18222d","secondary_bg_color":"#131415","text_color":"#ffffff","hint_color":"#b1c3d5","link_color":"#62bcf9","button_color":"#2ea6ff","button_text_color":"#ffffff"}`
		scheme = "dark"
	}
	user, _ := json.Marshal(u)
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	return `(() => {
  const calls = [];
  window.Telegram = { WebApp: {
    initData: ` + q(initData) + `,
    initDataUnsafe: { user: ` + string(user) + `, start_param: ` + q(page) + ` },
    themeParams: ` + theme + `, colorScheme: "` + scheme + `",
    viewportHeight: 844, viewportStableHeight: 844, calls: calls,
    ready() { calls.push("ready"); }, expand() { calls.push("expand"); },
    disableVerticalSwipes() { calls.push("disableVerticalSwipes"); },
    enableVerticalSwipes() { calls.push("enableVerticalSwipes"); },
    HapticFeedback: {
      impactOccurred(s) { calls.push("impact:" + s); },
      notificationOccurred(s) { calls.push("notification:" + s); },
    },
    onEvent(name) { calls.push("onEvent:" + name); },
  } };
})();`
}

// addScript makes script run in every document the tab opens from now on,
// before the page's own scripts; the returned function stops that.
func addScript(t *testing.T, b *browsertest.Browser, script string) func() {
	t.Helper()
	var id page.ScriptIdentifier
	if err := chromedp.Do(b.Context(), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		id = res.Identifier
		return err
	})); err != nil {
		t.Fatalf("adding a script to the tab: %v", err)
	}
	return func() {
		t.Helper()
		if err := chromedp.Do(b.Context(), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id})
			return err
		})); err != nil {
			t.Fatalf("removing a script from the tab: %v", err)
		}
	}
}

// tgSession is one Telegram user's board app in a browser of its own.
type tgSession struct {
	t    *testing.T
	user tgUser
	b    *browsertest.Browser
}

// lang is the language the page is in: the user's.
func (s *tgSession) lang() locales.Lang {
	l, ok := locales.Parse(s.user.Lang)
	if !ok {
		return locales.EN
	}
	return l
}

// openTelegram opens the app for u at game page, as Telegram would.
func (e *browserEnv) openTelegram(t *testing.T, u tgUser, page string, dark bool) *tgSession {
	t.Helper()
	s := &tgSession{t: t, user: u, b: browsertest.New(t)}
	if dark {
		s.b.ColorScheme("dark")
	}
	addScript(t, s.b, telegramStub(signInitData(u, page, time.Now()), u, page, dark))
	s.b.Navigate(e.srv.URL + "/app/")
	s.b.WaitFor(`document.body.dataset.view === "game"`)
	return s
}

// version is the version the page shows.
func (s *tgSession) version() int64 {
	s.t.Helper()
	return int64(browsertest.Eval[int](s.b, `+document.getElementById("app").dataset.version`))
}

// waitVersion returns once the page shows version v or a later one, its
// board image loaded.
func (s *tgSession) waitVersion(v int64) {
	s.t.Helper()
	s.b.WaitFor(fmt.Sprintf(`+document.getElementById("app").dataset.version >= %d && !document.getElementById("app").hasAttribute("data-busy")`, v))
	s.b.WaitImages()
}

// shownPreview is what the page's preview says (its data attributes).
type shownPreview struct {
	Move, Landing, Captures, ExtraTurn, Ends, Summary string
}

func readPreview(b *browsertest.Browser, doc string) shownPreview {
	return browsertest.Eval[shownPreview](b, `(() => { const p = `+doc+`.getElementById("preview"); return {
		Move: p.dataset.move || "", Landing: p.dataset.landing || "", Captures: p.dataset.captures || "",
		ExtraTurn: p.dataset.extraTurn || "", Ends: p.dataset.ends || "", Summary: `+doc+`.getElementById("summary").textContent }; })()`)
}

// expectPreview is what the page must show for pv, the engine's preview.
func expectPreview(pv preview.Preview) shownPreview {
	taken := map[int]int{}
	for _, c := range pv.Captures {
		if c.Cell >= 0 {
			taken[c.Cell] += c.Count
		}
	}
	cells := make([]int, 0, len(taken))
	for c := range taken {
		cells = append(cells, c)
	}
	sort.Ints(cells)
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = fmt.Sprintf("%d:%d", c, taken[c])
	}
	return shownPreview{Move: pv.Move, Landing: strconv.Itoa(pv.Landing), Captures: strings.Join(parts, ","),
		ExtraTurn: strconv.FormatBool(pv.ExtraTurn), Ends: strconv.FormatBool(pv.End != nil)}
}

// expectSummary is the preview's line in words in lang: the seeds
// captured (the plural form of the language's rules), the extra turn, the
// end of the game.
func expectSummary(lang locales.Lang, pv preview.Preview) string {
	var parts []string
	total := 0
	for _, c := range pv.Captures {
		total += c.Count
	}
	if total > 0 {
		parts = append(parts, locales.Text(lang, "app_captures", map[string]any{"Count": total}))
	}
	if pv.ExtraTurn {
		parts = append(parts, locales.Text(lang, "app_extra_turn", nil))
	}
	if pv.End != nil {
		parts = append(parts, locales.Text(lang, "app_game_ends", nil))
	}
	return strings.Join(parts, " · ")
}

func samePreview(got, want shownPreview) bool {
	got.Summary, want.Summary = "", ""
	return got == want
}

// boardDelivered waits for the chat's board of version v (or later)
// handed to Deliver and returns it.
func (e *browserEnv) boardDelivered(t *testing.T, v int64) *bot.Board {
	t.Helper()
	for o := range e.delivered {
		if o.Reply.Board != nil && o.Reply.Board.Version >= v && len(o.Reply.Board.PNG) > 0 {
			return o.Reply.Board
		}
	}
	t.Fatal("Deliver's channel closed")
	return nil
}

// cellsOf groups pos's moves by the cell they start from.
func cellsOf(pos engine.Position) map[engine.Cell][]engine.Move {
	by := map[engine.Cell][]engine.Move{}
	for _, m := range pos.Moves() {
		if m.Kind == engine.Sow {
			by[pos.MoveCell(m)] = append(by[pos.MoveCell(m)], m)
		}
	}
	return by
}

// tapMove plays m on s's page by taps: the pit, the chip when the pit
// offers several moves; it checks the preview shown against pv (the
// engine's), then confirms (a second tap on the pit when it offers one
// move and second is set, else Confirm). shoot, when set, is called with
// the preview shown. It returns the time from the confirming tap to the
// new version shown.
func tapMove(t *testing.T, s *tgSession, pos engine.Position, m engine.Move, pv preview.Preview, second bool, shoot func()) time.Duration {
	t.Helper()
	cell := pos.MoveCell(m)
	sel := fmt.Sprintf(`button.cell[data-cell="%d"]`, cell)
	s.b.Click(sel)
	choices := cellsOf(pos)[cell]
	if len(choices) > 1 {
		s.b.WaitFor(fmt.Sprintf(`document.querySelectorAll("#chips [data-move]").length === %d`, len(choices)))
		s.b.Click(`#chips [data-move="` + m.String() + `"]`)
	}
	s.b.WaitFor(`!document.getElementById("preview").hidden && document.getElementById("preview").dataset.move === "` + m.String() + `"`)
	got, want := readPreview(s.b, "document"), expectPreview(pv)
	if !samePreview(got, want) {
		t.Fatalf("%s's preview of %s: page shows %+v, the engine says %+v", s.user.Name, m, got, want)
	}
	if words := expectSummary(s.lang(), pv); got.Summary != words {
		t.Errorf("%s's preview of %s says %q, want %q", s.user.Name, m, got.Summary, words)
	}
	if shoot != nil {
		shoot()
	}
	v := s.version()
	start := time.Now()
	if second && len(choices) == 1 {
		s.b.Click(sel)
	} else {
		s.b.Click("#confirm")
	}
	s.waitVersion(v + 1)
	return time.Since(start)
}

// shoot compares the tab's screenshot with testdata/screens/name.png.
func shoot(t *testing.T, b *browsertest.Browser, name string) {
	t.Helper()
	b.WaitImages()
	b.WaitFor(`document.fonts.status === "loaded"`)
	browsertest.MatchGolden(t, "testdata/screens/"+name+".png", b.Screenshot(), browsertest.DefaultTolerance)
}

// TestBrowserKalahGame: two Telegram users play a whole Kalah game by
// taps, each in a browser of their own. At every move the preview shown
// is the engine's (landing pit, captures, extra turn, end), the other
// player's page shows the new version through the event stream, the
// chat got the new board (Deliver), and the spectator's page follows
// without controls. Halfway, a tap on a board that went stale (the move
// was made meanwhile from the chat, and the page missed it) is refused
// with the bot's own text, and the page catches up.
func TestBrowserKalahGame(t *testing.T) {
	e := newBrowserEnv(t)
	alice, bob := tgUser{ID: 1001, Name: "Alice", Lang: "en"}, tgUser{ID: 1002, Name: "Bob", Lang: "ru"}
	g := e.newGame("telegram", "-100kalah", "kalah", [2]string{"1001", "Alice"}, [2]string{"1002", "Bob"})
	a := e.openTelegram(t, alice, g.PageID, false)
	b := e.openTelegram(t, bob, g.PageID, false)
	sessions := map[string]*tgSession{"south": a, "north": b}
	for _, s := range []*tgSession{a, b} {
		calls := strings.Join(browsertest.Eval[[]string](s.b, `Telegram.WebApp.calls`), " ")
		for _, c := range []string{"ready", "expand", "disableVerticalSwipes", "onEvent:themeChanged", "onEvent:viewportChanged"} {
			if !strings.Contains(" "+calls+" ", " "+c+" ") {
				t.Errorf("%s's page never called Telegram.WebApp %s: %s", s.user.Name, c, calls)
			}
		}
	}
	if got := browsertest.Eval[string](a.b, `getComputedStyle(document.documentElement).getPropertyValue("--btn").trim()`); got != "#2481cc" {
		t.Errorf("Telegram's button colour not followed: --btn is %q", got)
	}

	rules, err := engine.New("kalah", engine.Options(g.Options))
	if err != nil {
		t.Fatal(err)
	}
	game := engine.NewGame(rules.Start())
	var taps []time.Duration
	var watcher *tgSession
	seen := map[string]int{} // previews with captures, an extra turn, the end
	for ply := 0; game.Position().Status() == engine.Ongoing; ply++ {
		pos := game.Position()
		mover := sessions[pos.ToMove().String()]
		other := sessions[pos.ToMove().Next(2).String()]
		v := e.game(g.PageID).Version
		mover.waitVersion(v)
		other.waitVersion(v)
		if mover.b.Attr("#app", "data-your-turn") != "true" || other.b.Attr("#app", "data-your-turn") != "false" {
			t.Fatalf("ply %d: %s to move, but the pages say your-turn %q (%s) and %q (%s)", ply, mover.user.Name,
				mover.b.Attr("#app", "data-your-turn"), mover.user.Name, other.b.Attr("#app", "data-your-turn"), other.user.Name)
		}
		if n := other.b.Count("button.cell"); n != 0 {
			t.Fatalf("ply %d: %s, not to move, has %d pits to tap", ply, other.user.Name, n)
		}
		moves := pos.Moves()
		m := moves[(ply*5+2)%len(moves)]
		if ply == 5 {
			staleTap(t, e, g, mover, game, m)
			if _, err := game.Play(m); err != nil {
				t.Fatal(err)
			}
			continue
		}
		pv, err := preview.InGame(game, m)
		if err != nil {
			t.Fatal(err)
		}
		var snap func()
		if ply == 2 {
			snap = func() { shoot(t, mover.b, "kalah_preview") }
		}
		taps = append(taps, tapMove(t, mover, pos, m, pv, ply%2 == 0, snap))
		if len(pv.Captures) > 0 {
			seen["captures"]++
		}
		if pv.ExtraTurn {
			seen["extra turn"]++
		}
		if pv.End != nil {
			seen["end"]++
		}
		other.waitVersion(v + 1)
		if board := e.boardDelivered(t, v+1); board.GameID != g.ID {
			t.Fatalf("ply %d: the chat's board is of game %d", ply, board.GameID)
		}
		if _, err := game.Play(m); err != nil {
			t.Fatal(err)
		}
		if got := e.game(g.PageID).Moves; len(got) != len(game.Moves()) || got[len(got)-1].Move != m.String() {
			t.Fatalf("ply %d: the store's last move is not %s", ply, m)
		}
		if ply == 8 {
			watcher = e.openTelegram(t, tgUser{ID: 1003, Name: "Carol", Lang: "en"}, g.PageID, false)
			checkSpectator(t, watcher)
			shoot(t, watcher.b, "kalah_spectator")
		}
		if watcher != nil {
			watcher.waitVersion(v + 1)
		}
	}
	last := e.game(g.PageID)
	if last.Phase != store.PhaseOver {
		t.Fatalf("the engine ended the game, the store says phase %s", last.Phase)
	}
	for _, s := range []*tgSession{a, b, watcher} {
		s.waitVersion(last.Version)
		s.b.WaitFor(`document.getElementById("app").dataset.phase === "` + string(last.Phase) + `"`)
		if n := s.b.Count("button.cell"); n != 0 {
			t.Errorf("%s: %d pits to tap after the end", s.user.Name, n)
		}
		if s.b.Text("#status") == "" {
			t.Errorf("%s: no result shown", s.user.Name)
		}
	}
	if seen["captures"] == 0 || seen["extra turn"] == 0 || seen["end"] != 1 {
		t.Errorf("the game's previews showed %v: want captures, extra turns and the end each checked", seen)
	}
	sort.Slice(taps, func(i, j int) bool { return taps[i] < taps[j] })
	t.Logf("previews checked: %v", seen)
	t.Logf("Kalah, %d moves by taps: tap to confirmed move shown %v median, %v slowest (confirm → the server's answer → the state fetched again → the board image loaded)",
		len(game.Moves()), taps[len(taps)/2].Round(time.Millisecond), taps[len(taps)-1].Round(time.Millisecond))
}

// checkSpectator: a signed-in user who is not a player sees the board
// without anything to tap, preview or confirm, and a tap on a pit does
// nothing.
func checkSpectator(t *testing.T, s *tgSession) {
	t.Helper()
	if got := s.b.Attr("#app", "data-role"); got != "spectator" {
		t.Fatalf("%s's page: role %q, want spectator", s.user.Name, got)
	}
	if n := s.b.Count("button.cell"); n != 0 {
		t.Fatalf("%s, a spectator, has %d pits to tap", s.user.Name, n)
	}
	if s.b.Count(".cell") == 0 {
		t.Fatalf("%s's page has no board", s.user.Name)
	}
	s.b.Click(`.cell[data-cell="2"]`)
	if !browsertest.Eval[bool](s.b, `document.getElementById("preview").hidden`) {
		t.Fatalf("%s, a spectator, got a preview by tapping", s.user.Name)
	}
}

// staleTap makes m from the chat (the bot's move button pressed by the
// mover) while the mover's page, without its event stream, still shows
// the board before it; the page's tap on another pit is then refused with
// the bot's text for a stale button, and the page catches up.
func staleTap(t *testing.T, e *browserEnv, g *store.Game, s *tgSession, game *engine.Game, m engine.Move) {
	t.Helper()
	remove := addScript(t, s.b, `window.EventSource = undefined;`)
	s.b.Navigate(e.srv.URL + "/app/")
	s.b.WaitFor(`document.body.dataset.view === "game"`)
	v := e.game(g.PageID).Version
	s.waitVersion(v)
	pos := game.Position()
	user := bot.User{ID: strconv.FormatInt(s.user.ID, 10), Name: s.user.Name, Locale: "en"}
	press := func(id string) []bot.Reply {
		return e.bot.Handle(context.Background(), bot.Request{Platform: g.Platform, Channel: g.Channel, User: user,
			Button: fmt.Sprintf("m:%d:%d:%s", g.ID, v, m), EventID: id})
	}
	press("chat-move")
	if now := e.game(g.PageID).Version; now <= v {
		t.Fatalf("the chat's move did not change the game (version %d)", now)
	}
	refusal := ""
	for _, r := range press("chat-again") {
		refusal += r.Text
	}
	if refusal == "" {
		t.Fatal("the bot said nothing to a stale button")
	}
	var other engine.Move
	for _, o := range pos.Moves() {
		if o.Kind == engine.Sow && pos.MoveCell(o) != pos.MoveCell(m) {
			other = o
			break
		}
	}
	s.b.Click(fmt.Sprintf(`button.cell[data-cell="%d"]`, pos.MoveCell(other)))
	s.b.WaitFor(`!document.getElementById("preview").hidden`)
	s.b.Click("#confirm")
	s.b.WaitFor(`!document.getElementById("error").hidden`)
	if got := s.b.Text("#error"); !strings.Contains(refusal, got) || got == "" {
		t.Errorf("the stale tap's refusal shows %q, the bot says %q", got, refusal)
	}
	calls := strings.Join(browsertest.Eval[[]string](s.b, `Telegram.WebApp.calls`), " ")
	if !strings.Contains(calls, "notification:error") {
		t.Errorf("no error haptic on the refusal: %s", calls)
	}
	s.waitVersion(v + 1)
	remove()
	s.b.Navigate(e.srv.URL + "/app/")
	s.b.WaitFor(`document.body.dataset.view === "game"`)
}

// TestBrowserBao: a whole game of Bao la Kiswahili by taps (68 plies:
// each move from a pit offering the most moves, or the next such pit).
// Where a pit offers several moves (the two directions, going on or
// stopping), the page shows one chip per move; each move is chosen by its
// chip, its preview checked against the engine, and confirmed; the other
// player's page follows, the chat's board of each version is delivered,
// and the game ends in the store as in the engine.
func TestBrowserBao(t *testing.T) {
	e := newBrowserEnv(t)
	ann, ben := tgUser{ID: 2001, Name: "Ann", Lang: "en"}, tgUser{ID: 2002, Name: "Ben", Lang: "en"}
	g := e.newGame("telegram", "-100bao", "bao", [2]string{"2001", "Ann"}, [2]string{"2002", "Ben"})
	rules, err := engine.New("bao", engine.Options(g.Options))
	if err != nil {
		t.Fatal(err)
	}
	sessions := map[string]*tgSession{"south": e.openTelegram(t, ann, g.PageID, false), "north": e.openTelegram(t, ben, g.PageID, false)}
	game := engine.NewGame(rules.Start())
	chips := 0
	for ply := 0; game.Position().Status() == engine.Ongoing; ply++ {
		pos := game.Position()
		mover, other := sessions[pos.ToMove().String()], sessions[pos.ToMove().Next(2).String()]
		v := e.game(g.PageID).Version
		mover.waitVersion(v)
		other.waitVersion(v)
		// A pit with the most moves, the k-th of them.
		by := cellsOf(pos)
		cells := make([]engine.Cell, 0, len(by))
		for c := range by {
			cells = append(cells, c)
		}
		if len(cells) == 0 {
			t.Fatalf("ply %d: no move starts at a pit: %v", ply, pos.Moves())
		}
		sort.Slice(cells, func(i, j int) bool {
			if len(by[cells[i]]) != len(by[cells[j]]) {
				return len(by[cells[i]]) > len(by[cells[j]])
			}
			return cells[i] < cells[j]
		})
		choices := by[cells[ply%min(2, len(cells))]]
		m := choices[ply%len(choices)]
		if len(choices) > 1 {
			chips++
		}
		pv, err := preview.InGame(game, m)
		if err != nil {
			t.Fatal(err)
		}
		var snap func()
		if ply == 0 && len(choices) > 1 {
			snap = func() {
				if got := mover.b.Count("#chips [data-move]"); got != len(choices) {
					t.Errorf("%d chips for %d moves", got, len(choices))
				}
				shoot(t, mover.b, "bao_chips")
			}
		}
		tapMove(t, mover, pos, m, pv, false, snap)
		other.waitVersion(v + 1)
		e.boardDelivered(t, v+1)
		if _, err := game.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if chips == 0 {
		t.Fatal("no move was chosen by a chip")
	}
	last := e.game(g.PageID)
	if last.Phase != store.PhaseOver || len(last.Moves) != len(game.Moves()) {
		t.Fatalf("the engine ended the game after %d moves (%s); the store has phase %s after %d moves",
			len(game.Moves()), game.Position().Status(), last.Phase, len(last.Moves))
	}
	t.Logf("Bao: %d moves by taps, %d chosen by a chip, %s", len(game.Moves()), chips, game.Position().Status())
}

// TestBrowserDiscord: the app inside a page playing the Discord client
// (testdata/discord/parent.js, answering the Embedded App SDK's messages)
// signs in through HANDSHAKE, AUTHORIZE, our token exchange (against the
// fake Discord, activitytest) and AUTHENTICATE, shows the channel's game,
// and plays a move by taps.
func TestBrowserDiscord(t *testing.T) {
	e := newBrowserEnv(t)
	carol := activitytest.User{ID: "3001", Username: "carol", GlobalName: "Carol"}
	g := e.newGame("discord", "555000111", "kalah", [2]string{"3001", "Carol"}, [2]string{"3002", "Dave"})
	code := e.discord.Authorize(carol)
	b := browsertest.New(t)
	app := "/app/?frame_id=frame-1&instance_id=i-1&platform=mobile&guild_id=777&channel_id=555000111&client_id=424242"
	b.Navigate(e.srv.URL + "/discord/parent.html?client=424242&user=3001&code=" + url.QueryEscape(code) + "&app=" + url.QueryEscape(app))
	const doc = `document.getElementById("activity").contentDocument`
	b.WaitFor(`(() => { const d = ` + doc + `; return !!(d && d.body && d.body.dataset.view === "game"); })()`)

	type sent struct {
		Op   int
		Cmd  string
		Args map[string]any
	}
	log := browsertest.Eval[[][]any](b, `window.discordLog`)
	var msgs []sent
	for _, l := range log {
		args, _ := l[2].(map[string]any)
		msgs = append(msgs, sent{Op: int(l[0].(float64)), Cmd: l[1].(string), Args: args})
	}
	if len(msgs) != 3 || msgs[0].Op != 0 || msgs[1].Cmd != "AUTHORIZE" || msgs[2].Cmd != "AUTHENTICATE" {
		t.Fatalf("the Activity sent %+v, want HANDSHAKE, AUTHORIZE, AUTHENTICATE", msgs)
	}
	if h := msgs[0].Args; h["v"] != float64(1) || h["encoding"] != "json" || h["client_id"] != "424242" || h["frame_id"] != "frame-1" {
		t.Errorf("handshake %v", h)
	}
	if scope, _ := msgs[1].Args["scope"].([]any); len(scope) != 1 || scope[0] != "identify" || msgs[1].Args["response_type"] != "code" {
		t.Errorf("authorize %v", msgs[1].Args)
	}
	if tok, _ := msgs[2].Args["access_token"].(string); tok == "" {
		t.Error("authenticate without the token the exchange gave")
	}
	if calls := strings.Join(e.discord.Calls(), ", "); !strings.Contains(calls, "POST /oauth2/token") || !strings.Contains(calls, "GET /users/@me") {
		t.Errorf("Discord was asked %s: want the code exchanged and the token's user identified", calls)
	}
	if got := browsertest.Eval[string](b, doc+`.getElementById("app").dataset.role + " " + `+doc+`.getElementById("app").dataset.yourTurn`); got != "player true" {
		t.Fatalf("Carol's Activity: role and turn %q, want the player to move", got)
	}

	pos := engine.MustNew("kalah", nil).Start()
	m := pos.Moves()[2]
	pv, err := preview.Of(pos, m)
	if err != nil {
		t.Fatal(err)
	}
	v := e.game(g.PageID).Version
	browsertest.Eval[bool](b, fmt.Sprintf(`(%s.querySelector('button.cell[data-cell="%d"]').click(), true)`, doc, pos.MoveCell(m)))
	b.WaitFor(`!` + doc + `.getElementById("preview").hidden`)
	if got, want := readPreview(b, doc), expectPreview(pv); !samePreview(got, want) {
		t.Fatalf("Carol's preview of %s: %+v, the engine %+v", m, got, want)
	}
	browsertest.Eval[bool](b, `(`+doc+`.getElementById("confirm").click(), true)`)
	b.WaitFor(fmt.Sprintf(`+%s.getElementById("app").dataset.version > %d`, doc, v))
	if last := e.game(g.PageID).Moves; len(last) != 1 || last[0].Move != m.String() || last[0].UserID != "3001" {
		t.Fatalf("the store's moves %+v, want Carol's %s", last, m)
	}
	e.boardDelivered(t, v+1)

	// The same code again (a reload with a stale launch): the exchange
	// is refused and the Activity says so in words, without a board.
	b.Navigate(e.srv.URL + "/discord/parent.html?client=424242&user=3001&code=" + url.QueryEscape(code) + "&app=" + url.QueryEscape(app))
	b.WaitFor(`(() => { const d = ` + doc + `; return !!(d && d.body && d.body.dataset.view === "message"); })()`)
	if got, want := browsertest.Eval[string](b, doc+`.getElementById("status").textContent`), locales.Text(locales.EN, "app_error_sign_in", nil); got != want {
		t.Errorf("a refused sign-in shows %q, want %q", got, want)
	}
}

// TestBrowserTelegramRefused: launch data changed after Telegram signed
// it (another user's id) is refused by the server, and the page says so
// in words, without a board.
func TestBrowserTelegramRefused(t *testing.T) {
	e := newBrowserEnv(t)
	g := e.newGame("telegram", "-100forged", "kalah", [2]string{"7001", "Kim"}, [2]string{"7002", "Lev"})
	u := tgUser{ID: 7003, Name: "Mallory", Lang: "pl"}
	forged := strings.Replace(signInitData(u, g.PageID, time.Now()), "7003", "7001", 1)
	b := browsertest.New(t)
	addScript(t, b, telegramStub(forged, u, g.PageID, false))
	b.Navigate(e.srv.URL + "/app/")
	b.WaitFor(`document.body.dataset.view === "message"`)
	if got, want := b.Text("#status"), locales.Text(locales.PL, "app_error_sign_in", nil); got != want {
		t.Errorf("forged launch data: the page says %q, want %q", got, want)
	}
	if b.Count(".cell") != 0 {
		t.Error("a board after a refused sign-in")
	}
}

// TestBrowserOutside: opened outside Telegram and Discord, the page says
// to open it from there, in the browser's language, and shows no board.
func TestBrowserOutside(t *testing.T) {
	e := newBrowserEnv(t)
	b := browsertest.New(t)
	for _, lang := range []string{"en", "ru", "da", "pl"} {
		b.Language(lang)
		b.Navigate(e.srv.URL + "/app/")
		b.WaitFor(`document.body.dataset.view === "message"`)
		want := browsertest.Eval[string](b, `fetch("api/text?lang=`+lang+`").then(r => r.json()).then(j => j.text.open_elsewhere)`)
		if got := b.Text("#status"); got != want || got == "" {
			t.Errorf("%s: the page says %q, want %q", lang, got, want)
		}
		if b.Count(".cell") != 0 {
			t.Errorf("%s: a board outside the platforms", lang)
		}
	}
}

// TestBrowserTelegramBridge: without Telegram's script (which we do not
// load), telegram.js reads the launch data from the address's fragment as
// Telegram passes it, and sends the Mini App events through
// TelegramWebviewProxy as Telegram's apps expect them.
func TestBrowserTelegramBridge(t *testing.T) {
	e := newBrowserEnv(t)
	g := e.newGame("telegram", "-100bridge", "kalah", [2]string{"4001", "Eve"}, [2]string{"4002", "Finn"})
	eve := tgUser{ID: 4001, Name: "Eve", Lang: "da"}
	b := browsertest.New(t)
	addScript(t, b, `window.TelegramWebviewProxy = { events: [], postEvent(type, data) { this.events.push(type + " " + data); } };`)
	theme := `{"bg_color":"#17212b","text_color":"#f5f5f5","button_color":"#5288c1","button_text_color":"#ffffff"}`
	frag := "tgWebAppData=" + url.QueryEscape(signInitData(eve, g.PageID, time.Now())) + "&tgWebAppVersion=8.0&tgWebAppPlatform=android&tgWebAppThemeParams=" + url.QueryEscape(theme)
	b.Navigate(e.srv.URL + "/app/#" + frag)
	b.WaitFor(`document.body.dataset.view === "game" && document.getElementById("app").dataset.yourTurn === "true"`)
	b.Click(`button.cell[data-cell="0"]`)
	b.WaitFor(`!document.getElementById("preview").hidden`)
	events := browsertest.Eval[[]string](b, `window.TelegramWebviewProxy.events`)
	for _, want := range []string{"web_app_ready ", "web_app_expand ", `web_app_setup_swipe_behavior {"allow_vertical_swipe":false}`,
		`web_app_trigger_haptic_feedback {"type":"impact","impact_style":"light"}`} {
		found := false
		for _, ev := range events {
			found = found || ev == want
		}
		if !found {
			t.Errorf("no %q among the events sent to Telegram: %q", want, events)
		}
	}
	if got := browsertest.Eval[string](b, `document.documentElement.dataset.theme + " " + getComputedStyle(document.documentElement).getPropertyValue("--bg").trim()`); got != "dark #17212b" {
		t.Errorf("Telegram's dark theme not followed: %q", got)
	}
	if got := browsertest.Eval[string](b, `document.documentElement.lang`); got != "da" {
		t.Errorf("page language %q, want Eve's (da)", got)
	}
}

// TestBrowserScreens: the board of a player in Telegram's dark theme.
// TestBrowserKalahGame and TestBrowserBao take the other goldens (a
// preview, a spectator, Bao's chips).
func TestBrowserScreens(t *testing.T) {
	e := newBrowserEnv(t)
	g := e.newGame("telegram", "-100dark", "kalah", [2]string{"5001", "Gus"}, [2]string{"5002", "Hal"})
	s := e.openTelegram(t, tgUser{ID: 5002, Name: "Hal", Lang: "en"}, g.PageID, true)
	s.waitVersion(g.Version)
	shoot(t, s.b, "kalah_dark_north")
}

// TestBrowserAppCost loads the app afresh and logs what it weighs: the
// bytes transferred for the page, its scripts and stylesheet, the state
// and the board image, as the browser measured them, and the assets'
// own size.
func TestBrowserAppCost(t *testing.T) {
	e := newBrowserEnv(t)
	g := e.newGame("telegram", "-100cost", "kalah", [2]string{"6001", "Ida"}, [2]string{"6002", "Jon"})
	s := e.openTelegram(t, tgUser{ID: 6001, Name: "Ida", Lang: "en"}, g.PageID, false)
	s.waitVersion(g.Version)
	m := s.b.Metrics()
	if m.Bytes == 0 || m.Resources < 5 {
		t.Errorf("metrics %+v: want the page, its scripts, stylesheet, state and board", m)
	}
	var code int64
	for _, name := range []string{"index.html", "app.js", "app.css", "discord.js", "telegram.js"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		code += int64(len(b))
	}
	t.Logf("the board app: %.1f KB of code (page, scripts, stylesheet, uncompressed); loading it with a Kalah board: %.1f KB in %d requests besides the page, first contentful paint %.0f ms, load %.0f ms",
		float64(code)/1024, float64(m.Bytes)/1024, m.Resources, m.FirstPaintMS, m.LoadMS)
}

// TestBrowserPrivateChatButton: the "Open board" web_app button of a
// private chat (and the chat's menu button) opens the app at
// /app/?game=<page id>, with launch data that has no start_param: the
// page takes the game from its address, and its player may move.
func TestBrowserPrivateChatButton(t *testing.T) {
	e := newBrowserEnv(t)
	g := e.newGame("telegram", "5005", "kalah", [2]string{"5005", "Gus"}, [2]string{"5006", "Hal"})
	gus := tgUser{ID: 5005, Name: "Gus", Lang: "en"}
	b := browsertest.New(t)
	addScript(t, b, telegramStub(signInitData(gus, "", time.Now()), gus, "", false))
	b.Navigate(e.srv.URL + "/app/?game=" + url.QueryEscape(g.PageID))
	b.WaitFor(`document.body.dataset.view === "game"`)
	if role := browsertest.Eval[string](b, `document.getElementById("app").dataset.role`); role != "player" {
		t.Fatalf("the page opened by ?game= shows its player as %q, want player", role)
	}
	if got := browsertest.Eval[int](b, `+document.getElementById("app").dataset.version`); int64(got) != g.Version {
		t.Errorf("the page shows version %d, the game is at %d", got, g.Version)
	}
	if n := b.Count(".cell"); n == 0 {
		t.Error("no board to tap")
	}
}
