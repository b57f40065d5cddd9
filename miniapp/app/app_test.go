package app_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/miniapp/activity/activitytest"
	"github.com/mancala-bot/mancala/miniapp/app"
	"github.com/mancala-bot/mancala/miniapp/preview"
	"github.com/mancala-bot/mancala/store"
)

// TestTelegramSignIn: launch data signed with the bot's token gives a
// session for its user, the game of its start_param and the user's
// language; data tampered with, signed with another token, stale, or
// without its hash is refused with one answer, and nothing of it is
// logged.
func TestTelegramSignIn(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)

	s := h.signIn(cy, g.PageID)
	if s.Session == "" || s.User.ID != "303" || s.User.Name != "Cy" || s.Game != g.PageID || s.Lang != "ru" {
		t.Errorf("sign-in answered %+v", s)
	}
	if s := h.signIn(ann, "not-a-page-id"); s.Game != "" || s.Lang != "en" {
		t.Errorf("a start_param that is no page id gave game %q, lang %q", s.Game, s.Lang)
	}

	good := initData(botToken, ann, t0.Add(-time.Minute), g.PageID)
	fields, _ := url.ParseQuery(good)
	tampered := func(key, value string) string {
		f, _ := url.ParseQuery(good)
		f.Set(key, value)
		return f.Encode() // the old hash kept
	}
	var refused []string
	for key := range fields {
		if key != "hash" {
			refused = append(refused, tampered(key, fields.Get(key)+"1"))
		}
	}
	refused = append(refused,
		tampered("user", `{"id":202,"first_name":"Bob","username":"bob","language_code":"en"}`),
		tampered("start_param", "someone-elses-game-id-x"),
		initData("654321:another-bot", ann, t0.Add(-time.Minute), g.PageID),
		initData(botToken, ann, t0.Add(-2*time.Hour), g.PageID), // older than the hour allowed
		initData(botToken, ann, t0.Add(10*time.Minute), g.PageID),
		strings.Replace(good, "hash=", "hush=", 1),
		"",
		"%zz",
	)
	for _, data := range refused {
		a := h.do("POST", "api/session/telegram", map[string]string{"init_data": data}, "")
		if text := a.errorOf(t, http.StatusUnauthorized, "sign_in"); text != locales.Text(locales.EN, "app_error_sign_in", nil) {
			t.Errorf("refusal text %q", text)
		}
	}
	// The refusal is in the language the browser asks for.
	a := h.do("POST", "api/session/telegram", map[string]string{"init_data": refused[0]}, "", "Accept-Language: pl-PL,pl;q=0.9")
	if text := a.errorOf(t, http.StatusUnauthorized, "sign_in"); text != locales.Text(locales.PL, "app_error_sign_in", nil) {
		t.Errorf("Polish refusal %q", text)
	}
	if log := h.logText(); strings.Contains(log, fields.Get("hash")) || strings.Contains(log, "AAHdF6IQ") || strings.Contains(log, s.Session) {
		t.Errorf("the log shows launch data or a session:\n%s", log)
	}

	off := newHarness(t, func(c *app.Config) { c.Telegram = nil })
	off.do("POST", "api/session/telegram", map[string]string{"init_data": good}, "").errorOf(t, http.StatusNotFound, "off")
}

// TestSessions: a session is refused forged, expired, or once its
// platform's sign-in is off (another server with the same key), and
// works in another server with the same key (nothing is kept in memory).
func TestSessions(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	s := h.signIn(ann, g.PageID).Session
	if st := h.stateOf(g.PageID, s); st.You == nil || *st.You != 0 {
		t.Fatalf("Ann's own state has you = %v", st.You)
	}
	payload, mac, _ := strings.Cut(s, ".")
	forge := func(p map[string]any) string {
		b, _ := json.Marshal(p)
		return base64URL(b) + "." + mac
	}
	for name, token := range map[string]string{
		"mac changed":              payload + "." + flip(mac),
		"payload changed":          flip(payload) + "." + mac,
		"another user":             forge(map[string]any{"p": "telegram", "u": "202", "n": "Bob", "e": t0.Add(time.Hour).Unix()}),
		"no mac":                   payload,
		"garbage":                  "x.y.z",
		"another platform, forged": forge(map[string]any{"p": "discord", "u": "101", "n": "Ann", "e": t0.Add(time.Hour).Unix()}),
	} {
		t.Run(name, func(t *testing.T) {
			h.do("GET", "api/game/"+g.PageID, nil, token).errorOf(t, http.StatusUnauthorized, "bad_session")
			h.move(g.PageID, token, g.Version, "1").errorOf(t, http.StatusUnauthorized, "bad_session")
		})
	}
	h.move(g.PageID, "", g.Version, "1").errorOf(t, http.StatusUnauthorized, "no_session")

	// The same key in a second server (another process): the session holds.
	same := newHarnessOn(t, h.db)
	if st := same.stateOf(g.PageID, s); st.You == nil || *st.You != 0 || !st.YourTurn {
		t.Errorf("another server with the same key: you %v, your_turn %v", st.You, st.YourTurn)
	}
	// Telegram's sign-in off: its sessions are refused.
	off := newHarness(t, func(c *app.Config) { c.Telegram = nil })
	off.do("GET", "api/game/nonexistent_page_id_xA", nil, s).errorOf(t, http.StatusUnauthorized, "bad_session")
	// Twelve hours on, the session has expired.
	h.advance(12 * time.Hour)
	h.do("GET", "api/game/"+g.PageID, nil, s).errorOf(t, http.StatusUnauthorized, "bad_session")
	if log := h.logText(); strings.Contains(log, payload) {
		t.Errorf("the log shows a session:\n%s", log)
	}
}

// flip changes a token's first character.
func flip(s string) string {
	if s[0] == 'A' {
		return "B" + s[1:]
	}
	return "A" + s[1:]
}

// TestState: the player to move gets the moves with their previews, the
// other player none; each sees their own side at the bottom; a spectator
// and a visitor without a session see the board without moves; texts
// are in each viewer's language.
func TestState(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sa, sb, sc := h.signIn(ann, g.PageID).Session, h.signIn(bob, g.PageID).Session, h.signIn(cy, g.PageID).Session

	st := h.stateOf(g.PageID, sa)
	if st.Page != g.PageID || st.Variant != "kalah" || st.Version != g.Version || st.Phase != "playing" || st.Status != "ongoing" || st.Lang != "en" {
		t.Errorf("Ann's state: %+v", st)
	}
	if st.You == nil || *st.You != 0 || st.ToMove == nil || *st.ToMove != 0 || !st.YourTurn {
		t.Errorf("Ann: you %v, to_move %v, your_turn %v", st.You, st.ToMove, st.YourTurn)
	}
	if len(st.Players) != 2 || st.Players[0].Name != "@ann" || !st.Players[0].You || st.Players[1].Name != "@bob" || st.Players[1].You || st.Players[1].Bot {
		t.Errorf("players %+v", st.Players)
	}
	// The moves are the engine's, each previewed as package preview does.
	r, _ := engine.New("kalah", engine.Options{"pits": "3", "seeds": "2"})
	p := r.Start()
	legal := p.Moves()
	if len(st.Moves) != len(legal) {
		t.Fatalf("%d moves offered, the engine has %d", len(st.Moves), len(legal))
	}
	for i, m := range legal {
		want, _ := preview.Of(p, m)
		wantJSON, _ := json.Marshal(want)
		if got := st.Moves[i]; got.Move != m.String() || got.Cell != int(p.MoveCell(m)) || string(got.Preview) != string(wantJSON) {
			t.Errorf("move %d: %s at %d %s, want %s at %d %s", i, got.Move, got.Cell, got.Preview, m, p.MoveCell(m), wantJSON)
		}
	}
	var pos json.RawMessage
	pos, _ = json.Marshal(p)
	if string(st.Position) != string(pos) {
		t.Errorf("position %s, want %s", st.Position, pos)
	}
	if st.text(t, "title") != "Kalah" || st.text(t, "board_alt") != "The board of this game of Kalah" || st.text(t, "move_failed") == "" {
		t.Errorf("title %q, board_alt %q", st.text(t, "title"), st.text(t, "board_alt"))
	}
	if st.text(t, "your_turn") != "Your move: tap a pit" || st.text(t, "confirm") != "Play this move" {
		t.Errorf("Ann's texts: %v", st.Text)
	}
	var captures map[string]string
	json.Unmarshal(st.Text["captures"], &captures)
	if captures["one"] != "Captures {Count} seed" || captures["other"] != "Captures {Count} seeds" {
		t.Errorf("captures forms %v", captures)
	}
	// Ann, South, has her pits at the bottom; cells in the image.
	south, north := cellY(t, st, "south", 1), cellY(t, st, "north", 1)
	if south <= north || !strings.Contains(st.Board.URL, "seat=south") {
		t.Errorf("Ann's board: south pit 1 at y=%d, north's at %d, url %s", south, north, st.Board.URL)
	}

	sbState := h.stateOf(g.PageID, sb)
	if sbState.You == nil || *sbState.You != 1 || sbState.YourTurn || len(sbState.Moves) != 0 {
		t.Errorf("Bob: you %v, your_turn %v, %d moves", sbState.You, sbState.YourTurn, len(sbState.Moves))
	}
	if cellY(t, sbState, "north", 1) <= cellY(t, sbState, "south", 1) || !strings.Contains(sbState.Board.URL, "seat=north") {
		t.Errorf("Bob's board is not drawn from North: %s", sbState.Board.URL)
	}
	if w := sbState.text(t, "waiting"); w != "Waiting for @ann to move" {
		t.Errorf("Bob's waiting text %q", w)
	}
	if strings.Contains(string(h.do("GET", "api/game/"+g.PageID, nil, sb).body), `"moves"`) {
		t.Error("the state of a player not to move holds moves")
	}

	for name, session := range map[string]string{"Cy (ru)": sc, "no session": ""} {
		sp := h.stateOf(g.PageID, session)
		if sp.You != nil || sp.YourTurn || len(sp.Moves) != 0 || sp.Players[0].You || sp.Players[1].You {
			t.Errorf("%s: a spectator's state has you %v, your_turn %v, %d moves", name, sp.You, sp.YourTurn, len(sp.Moves))
		}
		if !strings.Contains(sp.Board.URL, "seat=south") {
			t.Errorf("%s: a spectator's board %s", name, sp.Board.URL)
		}
	}
	if sp := h.stateOf(g.PageID, sc); sp.Lang != "ru" || sp.text(t, "watching") != locales.Text(locales.RU, "app_watching", nil) {
		t.Errorf("Cy's state in %s: %q", sp.Lang, sp.Text["watching"])
	}
}

// cellY is the top of side's pit n in st's board.
func cellY(t testing.TB, st state, side string, pit int) int {
	t.Helper()
	for _, c := range st.Board.Cells {
		if c.Side == side && c.Pit == pit {
			if c.X < 0 || c.Y < 0 || c.X+c.W > st.Board.Width || c.Y+c.H > st.Board.Height || c.Label != strconv.Itoa(pit) {
				t.Errorf("cell %+v in a %dx%d board", c, st.Board.Width, st.Board.Height)
			}
			return c.Y
		}
	}
	t.Fatalf("no cell of %s pit %d in %+v", side, pit, st.Board.Cells)
	return 0
}

// TestWholeGame plays a short game of Kalah to its end through the app,
// both players tapping: every move goes through the bot (the stored game
// has it, by that user), is answered with the new version, sends the
// chat its board through Deliver, and the opponent's state follows.
func TestWholeGame(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sessions := map[int]string{0: h.signIn(ann, g.PageID).Session, 1: h.signIn(bob, g.PageID).Session}
	ids := map[int]string{0: "101", 1: "202"}
	version := g.Version
	for ply := 0; ; ply++ {
		if ply > 200 {
			t.Fatal("the game did not end in 200 moves")
		}
		st0, st1 := h.stateOf(g.PageID, sessions[0]), h.stateOf(g.PageID, sessions[1])
		if st0.Version != version || st1.Version != version {
			t.Fatalf("ply %d: versions %d and %d, want %d", ply, st0.Version, st1.Version, version)
		}
		if st0.Phase == "over" {
			if st0.Result == "" || st1.Result != st0.Result || st0.ToMove != nil || st0.YourTurn || st1.YourTurn {
				t.Errorf("the end: result %q / %q, to_move %v", st0.Result, st1.Result, st0.ToMove)
			}
			break
		}
		seat := *st0.ToMove
		mine, theirs := st0, st1
		if seat == 1 {
			mine, theirs = st1, st0
		}
		if !mine.YourTurn || theirs.YourTurn || len(mine.Moves) == 0 || len(theirs.Moves) != 0 {
			t.Fatalf("ply %d: the mover's state has your_turn %v and %d moves", ply, mine.YourTurn, len(mine.Moves))
		}
		mv := mine.Moves[ply%len(mine.Moves)].Move
		before := len(h.deliveries())
		a := h.move(g.PageID, sessions[seat], version, mv)
		if a.status != http.StatusOK {
			t.Fatalf("ply %d: move %s: %d %s", ply, mv, a.status, a.body)
		}
		var got struct {
			Version int64 `json:"version"`
		}
		a.decode(t, &got)
		rec := h.game(g.PageID)
		last := rec.Moves[len(rec.Moves)-1]
		if got.Version != rec.Version || got.Version <= version || last.Move != mv || last.UserID != ids[seat] {
			t.Fatalf("ply %d: answered version %d (was %d); stored %d, last move %s by %s", ply, got.Version, version, rec.Version, last.Move, last.UserID)
		}
		sent := h.deliveries()[before:]
		if len(sent) == 0 {
			t.Fatalf("ply %d: nothing delivered to the chat", ply)
		}
		board := false
		for _, o := range sent {
			if o.Platform != "telegram" || o.Channel != "-1001" || o.Reply.Private {
				t.Errorf("ply %d: delivered %+v", ply, o)
			}
			if b := o.Reply.Board; b != nil && b.GameID == rec.ID && b.Version == rec.Version && len(b.PNG) > 0 {
				board = true
			}
		}
		if !board {
			t.Errorf("ply %d: no board of version %d delivered", ply, rec.Version)
		}
		version = got.Version
	}
	// Every move was a button press from the app.
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range h.handled {
		if !r.App || !strings.HasPrefix(r.EventID, "app:") || !strings.HasPrefix(r.Button, "m:") || r.Platform != "telegram" || r.Channel != "-1001" {
			t.Errorf("request %+v", r)
		}
	}
}

// TestRefusals: a stale move and a move out of turn are refused with the
// bot's own words and change nothing; a user who plays no seat is
// refused before the bot is asked, in their language.
func TestRefusals(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sa, sb, sc := h.signIn(ann, g.PageID).Session, h.signIn(bob, g.PageID).Session, h.signIn(cy, g.PageID).Session

	text := h.move(g.PageID, sb, g.Version, "1").errorOf(t, http.StatusConflict, "refused")
	if text == "" || text == locales.Text(locales.EN, "app_error_refused", nil) {
		t.Errorf("out of turn: %q is not the bot's refusal", text)
	}
	if h.game(g.PageID).Version != g.Version {
		t.Fatal("a refused move changed the game")
	}
	if a := h.move(g.PageID, sa, g.Version, "1"); a.status != http.StatusOK {
		t.Fatalf("Ann's move: %d %s", a.status, a.body)
	}
	moved := h.game(g.PageID)
	// The same tap again, or any tap on the old version: stale.
	stale := h.move(g.PageID, sa, g.Version, "2").errorOf(t, http.StatusConflict, "refused")
	if stale != locales.Text(locales.EN, "err_stale_button", nil) {
		t.Errorf("stale move: %q", stale)
	}
	if h.game(g.PageID).Version != moved.Version {
		t.Fatal("a stale move changed the game")
	}

	asked := h.handledCount()
	text = h.move(g.PageID, sc, moved.Version, "1").errorOf(t, http.StatusForbidden, "not_player")
	if text != locales.Text(locales.RU, "app_error_not_player", nil) {
		t.Errorf("Cy's refusal %q", text)
	}
	if h.handledCount() != asked || h.game(g.PageID).Version != moved.Version {
		t.Error("a spectator's move reached the bot or changed the game")
	}
	// A Discord user with Bob's number is not Bob.
	dtok := h.discord.TokenFor(activitytest.User{ID: "202", Username: "notbob"})
	ds := h.do("POST", "api/session/discord", map[string]string{"channel_id": "555"}, dtok)
	var dsa sessionAnswer
	ds.decode(t, &dsa)
	h.move(g.PageID, dsa.Session, moved.Version, "1").errorOf(t, http.StatusForbidden, "not_player")
	if h.handledCount() != asked {
		t.Error("a Discord user's move in a Telegram game reached the bot")
	}
}

// TestAnotherGame: a session names no game; a move on another game's
// page is checked against that game's players, and unknown pages are
// 404.
func TestAnotherGame(t *testing.T) {
	h := newHarness(t)
	g1 := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	g2 := h.newGame("-1002", "kalah pits=3 seeds=2", bob, cy)
	sa := h.signIn(ann, g1.PageID).Session
	h.move(g2.PageID, sa, g2.Version, "1").errorOf(t, http.StatusForbidden, "not_player")
	if st := h.stateOf(g2.PageID, sa); st.You != nil {
		t.Errorf("Ann has seat %v in a game she does not play", st.You)
	}
	for _, page := range []string{"AAAAAAAAAAAAAAAAAAAAAA", "short", "not%20a%20page"} {
		h.do("GET", "api/game/"+page, nil, sa).errorOf(t, http.StatusNotFound, "not_found")
		h.move(page, sa, 1, "1").errorOf(t, http.StatusNotFound, "not_found")
		h.do("GET", "api/game/"+page+"/board.png", nil, "").errorOf(t, http.StatusNotFound, "not_found")
	}
	h.do("GET", "api/nothing", nil, "").errorOf(t, http.StatusNotFound, "not_found")
	h.do("GET", "README.md", nil, "").errorOf(t, http.StatusNotFound, "not_found")
}

// TestBodies: bodies that are not one JSON object of the route's shape
// are 400, over 16 KiB 413, before anything is done.
func TestBodies(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sa := h.signIn(ann, g.PageID).Session
	v := strconv.FormatInt(g.Version, 10)
	for _, body := range []string{
		``, `{`, `[]`, `"x"`, `{"version": "` + v + `", "move": "1"}`, `{"version": ` + v + `}`,
		`{"version": ` + v + `, "move": "1", "extra": 1}`, `{"version": ` + v + `, "move": "1"} {}`,
		`{"version": ` + v + `, "move": "pit one"}`, `{"version": -1, "move": "1"}`, `{"move": "1"}`,
	} {
		h.do("POST", "api/game/"+g.PageID+"/move", body, sa).errorOf(t, http.StatusBadRequest, "bad_request")
	}
	big := `{"version": ` + v + `, "move": "1` + strings.Repeat(" ", 20<<10) + `"}`
	h.do("POST", "api/game/"+g.PageID+"/move", big, sa).errorOf(t, http.StatusRequestEntityTooLarge, "too_large")
	h.do("POST", "api/session/telegram", `{"init_data": "`+strings.Repeat("a", 20<<10)+`"}`, "").errorOf(t, http.StatusRequestEntityTooLarge, "too_large")
	h.do("POST", "api/session/telegram", `{"initData": "x"}`, "").errorOf(t, http.StatusBadRequest, "bad_request")
	h.do("POST", "api/session/discord", `{"channel_id": "general"}`, "token").errorOf(t, http.StatusBadRequest, "bad_request")
	if h.handledCount() != 0 || h.game(g.PageID).Version != g.Version {
		t.Error("a bad body reached the bot")
	}
}

// TestEvents: the stream sends the version at once and the new version
// after a move made through the app.
func TestEvents(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sa := h.signIn(ann, g.PageID).Session
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", h.srv.URL+"/api/game/"+g.PageID+"/events", nil)
	resp, err := h.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	events := bufio.NewReader(resp.Body)
	next := func() string {
		t.Helper()
		var ev []string
		for {
			line, err := events.ReadString('\n')
			if err != nil {
				t.Fatalf("stream: %v", err)
			}
			line = strings.TrimRight(line, "\n")
			if line == "" && len(ev) > 0 {
				return strings.Join(ev, "|")
			}
			if line != "" && !strings.HasPrefix(line, ":") {
				ev = append(ev, line)
			}
		}
	}
	if got, want := next(), "event: version|data: "+strconv.FormatInt(g.Version, 10); got != want {
		t.Fatalf("first event %q, want %q", got, want)
	}
	a := h.move(g.PageID, sa, g.Version, "1")
	var mv struct {
		Version int64 `json:"version"`
	}
	a.decode(t, &mv)
	if got, want := next(), "event: version|data: "+strconv.FormatInt(mv.Version, 10); got != want {
		t.Fatalf("after the move: %q, want %q", got, want)
	}
	// A resignation in the chat ends the game: its version, "end", and the
	// stream closes.
	h.say("telegram", "-1001", bob.chatUser(), "/resign")
	over := h.game(g.PageID)
	if over.Phase != store.PhaseOver {
		t.Fatalf("phase %s after /resign", over.Phase)
	}
	v := strconv.FormatInt(over.Version, 10)
	if got, want := next(), "event: version|data: "+v; got != want {
		t.Fatalf("after the resignation: %q, want %q", got, want)
	}
	if got, want := next(), "retry: 3600000|event: end|data: "+v; got != want {
		t.Fatalf("the end: %q, want %q", got, want)
	}
	if rest, err := io.ReadAll(events); err != nil || len(rest) != 0 {
		t.Errorf("after the end: %q, %v", rest, err)
	}
}

// TestBoardPNG: the state's board URL draws the position at the state's
// size, cacheable for good; North's seat gets another drawing.
func TestBoardPNG(t *testing.T) {
	h := newHarness(t)
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	var images []string
	for _, u := range []tgUser{ann, bob} {
		st := h.stateOf(g.PageID, h.signIn(u, g.PageID).Session)
		a := h.do("GET", st.Board.URL, nil, "")
		if a.status != http.StatusOK || a.header.Get("Content-Type") != "image/png" || !strings.Contains(a.header.Get("Cache-Control"), "immutable") {
			t.Fatalf("%s: %d %v", st.Board.URL, a.status, a.header)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(a.body))
		if err != nil || cfg.Width != st.Board.Width || cfg.Height != st.Board.Height {
			t.Errorf("%s: %dx%d (%v), state says %dx%d", st.Board.URL, cfg.Width, cfg.Height, err, st.Board.Width, st.Board.Height)
		}
		images = append(images, string(a.body))
	}
	if images[0] == images[1] {
		t.Error("South's and North's boards are the same image")
	}
	a := h.do("GET", "api/game/"+g.PageID+"/board.png?v=1", nil, "")
	if a.status != http.StatusOK || a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("an old version's URL: %d %v", a.status, a.header)
	}
}

// TestDiscord: the code exchange through the fake Discord, a session for
// the token's user with the channel's live game, else its last one, and
// Discord's refusals and failures.
func TestDiscord(t *testing.T) {
	h := newHarness(t)
	dan := activitytest.User{ID: "1180000000000000201", Username: "dan", GlobalName: "Dan", Locale: "da"}
	eve := activitytest.User{ID: "1180000000000000202", Username: "eve", GlobalName: "Eve", Locale: "pl"}

	code := h.discord.Authorize(dan)
	a := h.do("POST", "api/discord/token", map[string]string{"code": code}, "")
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	a.decode(t, &tok)
	if a.status != http.StatusOK || tok.AccessToken == "" || strings.Contains(string(a.body), "secret") {
		t.Fatalf("token exchange: %d %s", a.status, a.body)
	}
	h.do("POST", "api/discord/token", map[string]string{"code": code}, "").errorOf(t, http.StatusUnauthorized, "sign_in") // used twice
	h.do("POST", "api/discord/token", map[string]string{"code": ""}, "").errorOf(t, http.StatusBadRequest, "bad_request")

	session := func(token, channel string) sessionAnswer {
		t.Helper()
		a := h.do("POST", "api/session/discord", map[string]string{"channel_id": channel}, token)
		if a.status != http.StatusOK {
			t.Fatalf("Discord session: %d %s", a.status, a.body)
		}
		var s sessionAnswer
		a.decode(t, &s)
		return s
	}
	if s := session(tok.AccessToken, "777"); s.Game != "" || s.User.ID != dan.ID || s.User.Name != "Dan" || s.Lang != "da" {
		t.Errorf("no game in the channel: %+v", s)
	}
	du := func(u activitytest.User) (id, mention string) { return u.ID, "<@" + u.ID + ">" }
	id, mention := du(dan)
	eid, emention := du(eve)
	h.bot.Handle(context.Background(), botReq("777", id, "Dan", mention, "/new kalah pits=3 seeds=2 "+emention))
	h.bot.Handle(context.Background(), botReq("777", eid, "Eve", emention, "/accept"))
	live, err := h.db.LiveGame(context.Background(), "discord", "777")
	if err != nil {
		t.Fatal(err)
	}
	s := session(tok.AccessToken, "777")
	if s.Game != live.PageID {
		t.Fatalf("the channel's game %q, want %q", s.Game, live.PageID)
	}
	st := h.stateOf(s.Game, s.Session)
	if st.You == nil || *st.You != 0 || !st.YourTurn || st.Lang != "da" {
		t.Fatalf("Dan's state: you %v, your_turn %v, lang %s", st.You, st.YourTurn, st.Lang)
	}
	if a := h.move(s.Game, s.Session, st.Version, st.Moves[0].Move); a.status != http.StatusOK {
		t.Fatalf("Dan's move: %d %s", a.status, a.body)
	}
	// Once the game is over, the channel's last game is shown.
	h.bot.Handle(context.Background(), botReq("777", eid, "Eve", emention, "/resign"))
	if _, err := h.db.LiveGame(context.Background(), "discord", "777"); err == nil {
		t.Fatal("the game is still live after /resign")
	}
	if s := session(h.discord.TokenFor(eve), "777"); s.Game != live.PageID || s.Lang != "pl" {
		t.Errorf("after the game: %+v", s)
	}

	h.do("POST", "api/session/discord", map[string]string{"channel_id": "777"}, "forged-token").errorOf(t, http.StatusUnauthorized, "sign_in")
	h.do("POST", "api/session/discord", map[string]string{"channel_id": "777"}, "").errorOf(t, http.StatusUnauthorized, "sign_in")
	h.discord.SetDown(true)
	h.do("POST", "api/session/discord", map[string]string{"channel_id": "777"}, tok.AccessToken).errorOf(t, http.StatusBadGateway, "discord")
	h.do("POST", "api/discord/token", map[string]string{"code": h.discord.Authorize(dan)}, "").errorOf(t, http.StatusBadGateway, "discord")
	if log := h.logText(); strings.Contains(log, tok.AccessToken) || strings.Contains(log, "discord-secret") || strings.Contains(log, code) {
		t.Errorf("the log shows a token, code or secret:\n%s", log)
	}

	off := newHarness(t, func(c *app.Config) { c.Discord = nil })
	off.do("POST", "api/discord/token", map[string]string{"code": "x"}, "").errorOf(t, http.StatusNotFound, "off")
	off.do("POST", "api/session/discord", map[string]string{"channel_id": "777"}, "x").errorOf(t, http.StatusNotFound, "off")
}

// TestRateLimit: past its burst a session is answered 429 with
// Retry-After; another session is not.
func TestRateLimit(t *testing.T) {
	h := newHarness(t, func(c *app.Config) { c.Burst = 3 })
	g := h.newGame("-1001", "kalah pits=3 seeds=2", ann, bob)
	sa := h.do("POST", "api/session/telegram", map[string]string{"init_data": initData(botToken, ann, t0, g.PageID)}, "")
	sb := h.do("POST", "api/session/telegram", map[string]string{"init_data": initData(botToken, bob, t0, g.PageID)}, "")
	var a, b sessionAnswer
	sa.decode(t, &a)
	sb.decode(t, &b)
	for range 3 {
		h.stateOf(g.PageID, a.Session)
	}
	r := h.do("GET", "api/game/"+g.PageID, nil, a.Session)
	r.errorOf(t, http.StatusTooManyRequests, "rate_limited")
	if r.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	h.stateOf(g.PageID, b.Session)
	h.advance(time.Second)
	h.stateOf(g.PageID, a.Session)
}

// TestTexts: the labels before sign-in, in the language asked for.
func TestTexts(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct {
		query, header string
		lang          locales.Lang
	}{{"", "", locales.EN}, {"?lang=pl", "", locales.PL}, {"", "Accept-Language: ru-RU,ru;q=0.9,en;q=0.5", locales.RU}, {"", "Accept-Language: uk, da;q=0.5", locales.DA}} {
		var hdr []string
		if c.header != "" {
			hdr = []string{c.header}
		}
		a := h.do("GET", "api/text"+c.query, nil, "", hdr...)
		var got struct {
			Lang string                     `json:"lang"`
			Text map[string]json.RawMessage `json:"text"`
		}
		a.decode(t, &got)
		var open string
		json.Unmarshal(got.Text["open_elsewhere"], &open)
		if got.Lang != string(c.lang) || open != locales.Text(c.lang, "app_open_elsewhere", nil) {
			t.Errorf("%s %s: %s %q", c.query, c.header, got.Lang, open)
		}
		var forms map[string]string
		json.Unmarshal(got.Text["captures"], &forms)
		if c.lang == locales.RU && (len(forms) != 4 || forms["many"] != "Взятие: {Count} камней") {
			t.Errorf("Russian captures %v", forms)
		}
	}
}

// TestNewPanics: a server without its required parts is a configuration
// error.
func TestNewPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("New without a session key did not panic")
		}
	}()
	h := newHarness(t)
	app.New(app.Config{Store: h.db, Handle: h.bot.Handle})
}

// base64URL encodes b as the sessions do.
func base64URL(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// botReq is a Discord chat request in channel.
func botReq(channel, id, name, mention, text string) bot.Request {
	return bot.Request{Platform: "discord", Channel: channel, User: bot.User{ID: id, Name: name, Mention: mention}, Text: text}
}

// TestAgainstTheBot: a move against the bot is answered once the bot has
// replied: the version is the one after the bot's move, which the chat
// got too, and the state has the player to move again.
func TestAgainstTheBot(t *testing.T) {
	h := newHarness(t)
	h.say("telegram", "-1005", ann.chatUser(), "/new kalah pits=3 seeds=2 bot easy")
	g, err := h.db.LiveGame(context.Background(), "telegram", "-1005")
	if err != nil || g.Phase != store.PhasePlaying {
		t.Fatalf("no game against the bot: %v", err)
	}
	s := h.signIn(ann, g.PageID).Session
	for ply := 0; ply < 100; ply++ {
		st := h.stateOf(g.PageID, s)
		if st.Phase == "over" {
			return
		}
		if !st.YourTurn {
			t.Fatalf("ply %d: Ann is not to move after the bot's reply (to_move %v)", ply, st.ToMove)
		}
		if !st.Players[1].Bot || st.Players[0].Bot {
			t.Fatalf("players %+v", st.Players)
		}
		before := len(h.deliveries())
		a := h.move(g.PageID, s, st.Version, st.Moves[0].Move)
		if a.status != http.StatusOK {
			t.Fatalf("ply %d: %d %s", ply, a.status, a.body)
		}
		var mv struct {
			Version int64 `json:"version"`
		}
		a.decode(t, &mv)
		rec := h.game(g.PageID)
		if mv.Version != rec.Version {
			t.Fatalf("ply %d: answered %d, stored %d", ply, mv.Version, rec.Version)
		}
		shown := false
		for _, o := range h.deliveries()[before:] {
			if b := o.Reply.Board; b != nil && b.Version == rec.Version {
				shown = true
			}
		}
		if !shown {
			t.Fatalf("ply %d: the chat did not get the board of version %d", ply, rec.Version)
		}
	}
	t.Fatal("the game against the bot did not end in 100 moves")
}
