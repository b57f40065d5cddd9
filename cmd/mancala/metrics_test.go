package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/bot"
)

// families is a scrape, parsed: metric name -> family.
type families map[string]*dto.MetricFamily

// parseMetrics parses the Prometheus text format.
func parseMetrics(t *testing.T, body io.Reader) families {
	t.Helper()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(body)
	if err != nil {
		t.Fatalf("/metrics is not the Prometheus text format: %v", err)
	}
	return fams
}

// scrape returns /metrics of m's handler (no HTTP server).
func scrape(t *testing.T, m *Main) families {
	t.Helper()
	rec := httptest.NewRecorder()
	m.handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	return parseMetrics(t, rec.Body)
}

// scrapeHTTP scrapes /metrics through m's HTTP server (HTTP_ADDR).
func scrapeHTTP(t *testing.T, m *Main) families {
	t.Helper()
	resp, err := http.Get("http://" + m.httpLn.Addr().String() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return parseMetrics(t, resp.Body)
}

// find returns the series of name with exactly the labels given as
// name=value pairs, or nil.
func (f families) find(name string, labels ...string) *dto.Metric {
	fam := f[name]
	if fam == nil {
		return nil
	}
	want := map[string]string{}
	for _, l := range labels {
		k, v, _ := strings.Cut(l, "=")
		want[k] = v
	}
next:
	for _, m := range fam.Metric {
		if len(m.Label) != len(want) {
			continue
		}
		for _, lp := range m.Label {
			if want[lp.GetName()] != lp.GetValue() {
				continue next
			}
		}
		return m
	}
	return nil
}

// value is a counter's or gauge's value, or a histogram's count; -1 when
// the series is missing.
func (f families) value(name string, labels ...string) float64 {
	m := f.find(name, labels...)
	switch {
	case m == nil:
		return -1
	case m.Counter != nil:
		return m.Counter.GetValue()
	case m.Gauge != nil:
		return m.Gauge.GetValue()
	case m.Histogram != nil:
		return float64(m.Histogram.GetSampleCount())
	case m.Untyped != nil:
		return m.Untyped.GetValue()
	}
	return -1
}

// series names a series: "name{a=b,c=d}".
func series(name string, labels ...string) string {
	return name + "{" + strings.Join(labels, ",") + "}"
}

// wantMetrics checks that every series in want has its value (-1 for
// absent).
func (f families) want(t *testing.T, when string, want map[string]float64) {
	t.Helper()
	for s, v := range want {
		name, ls, _ := strings.Cut(strings.TrimSuffix(s, "}"), "{")
		var labels []string
		if ls != "" {
			labels = strings.Split(ls, ",")
		}
		if got := f.value(name, labels...); got != v {
			t.Errorf("%s: %s = %v, want %v", when, s, got, v)
		}
	}
}

// TestMetricsFromTheStart: before any request /metrics lists every metric
// with its HELP and TYPE and every series at 0 (histograms with a count
// of 0); requests then count.
func TestMetricsFromTheStart(t *testing.T) {
	m := &Main{Config: Config{DatabasePath: filepath.Join(t.TempDir(), "m.db")}}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	got := scrape(t, m)
	types := map[string]dto.MetricType{
		"mancala_requests_total":            dto.MetricType_COUNTER,
		"mancala_replies_private_total":     dto.MetricType_COUNTER,
		"mancala_render_seconds":            dto.MetricType_HISTOGRAM,
		"mancala_render_errors_total":       dto.MetricType_COUNTER,
		"mancala_move_commit_seconds":       dto.MetricType_HISTOGRAM,
		"mancala_move_delivery_seconds":     dto.MetricType_HISTOGRAM,
		"mancala_outbox_depth":              dto.MetricType_GAUGE,
		"mancala_outbox_oldest_seconds":     dto.MetricType_GAUGE,
		"mancala_send_queue_depth":          dto.MetricType_GAUGE,
		"mancala_send_queue_oldest_seconds": dto.MetricType_GAUGE,
		"mancala_update_queue_depth":        dto.MetricType_GAUGE,
		"mancala_rate_limited_total":        dto.MetricType_COUNTER,
		"mancala_retries_total":             dto.MetricType_COUNTER,
		"mancala_events_deduplicated_total": dto.MetricType_COUNTER,
	}
	for name, typ := range types {
		f := got[name]
		if f == nil {
			t.Errorf("%s missing", name)
			continue
		}
		if f.GetType() != typ || f.GetHelp() == "" {
			t.Errorf("%s: type %s, help %q; want %s with a help", name, f.GetType(), f.GetHelp(), typ)
		}
	}
	zero := map[string]float64{}
	for _, k := range []string{"command", "button"} {
		zero[series("mancala_requests_total", "platform=terminal", "kind="+k)] = 0
	}
	zero["mancala_replies_private_total"] = 0
	for _, k := range []string{"board", "animation"} {
		zero[series("mancala_render_seconds", "kind="+k)] = 0
		zero[series("mancala_render_errors_total", "kind="+k)] = 0
	}
	for _, mover := range []string{"player", "bot"} {
		zero[series("mancala_move_commit_seconds", "platform=terminal", "mover="+mover)] = 0
	}
	zero["mancala_outbox_depth"], zero["mancala_outbox_oldest_seconds"] = 0, 0
	for _, name := range []string{"mancala_move_delivery_seconds", "mancala_send_queue_depth", "mancala_send_queue_oldest_seconds",
		"mancala_update_queue_depth", "mancala_rate_limited_total", "mancala_retries_total", "mancala_events_deduplicated_total"} {
		zero[series(name, "platform=terminal")] = 0
	}
	got.want(t, "at the start", zero)
	n := 0
	for name, f := range got {
		if strings.HasPrefix(name, "mancala_") {
			n += len(f.Metric)
		}
	}
	if n != len(zero) {
		t.Errorf("%d mancala series, want %d", n, len(zero))
	}
	if got["go_goroutines"] == nil || got["process_cpu_seconds_total"] == nil {
		t.Error("no Go runtime or process metrics")
	}

	h := countingHandler{m.Bot, m.Metrics}
	say := func(user, text string) []bot.Reply {
		return h.Handle(context.Background(), bot.Request{Platform: "terminal", Channel: "c", Text: text, User: bot.User{ID: user, Name: user}})
	}
	say("alice", "/new kalah @bob")
	rs := say("bob", "/accept")             // a board image
	say("bob", "/move 1")                   // not bob's turn: private
	if len(rs) != 1 || rs[0].Board == nil { // the board only: alice is not away
		t.Fatalf("accept: %+v", rs)
	}
	// alice presses a move button: a board image, a committed move.
	h.Handle(context.Background(), bot.Request{Platform: "terminal", Channel: "c", Button: rs[0].Board.Buttons[0][0].Data, User: bot.User{ID: "alice", Name: "alice"}})
	say("alice", "/replay") // an animation
	scrape(t, m).want(t, "after the requests", map[string]float64{
		series("mancala_requests_total", "platform=terminal", "kind=command"):      4,
		series("mancala_requests_total", "platform=terminal", "kind=button"):       1,
		"mancala_replies_private_total":                                            1,
		series("mancala_render_seconds", "kind=board"):                             2,
		series("mancala_render_seconds", "kind=animation"):                         1,
		series("mancala_render_errors_total", "kind=board"):                        0,
		series("mancala_move_commit_seconds", "platform=terminal", "mover=player"): 1,
		series("mancala_move_commit_seconds", "platform=terminal", "mover=bot"):    0,
		series("mancala_move_delivery_seconds", "platform=terminal"):               0, // nothing delivered: no adapter
	})
}

// TestMetricsPlatforms: the per-platform series are those of the platforms
// the configuration runs.
func TestMetricsPlatforms(t *testing.T) {
	rec := httptest.NewRecorder()
	newMetrics(nil, Config{DiscordToken: "x", TelegramToken: "y"}.platformNames()...).handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	got := parseMetrics(t, rec.Body)
	want := map[string]float64{}
	for _, p := range []string{"discord", "telegram"} {
		for _, k := range []string{"command", "button"} {
			want[series("mancala_requests_total", "platform="+p, "kind="+k)] = 0
		}
		want[series("mancala_rate_limited_total", "platform="+p)] = 0
		want[series("mancala_move_delivery_seconds", "platform="+p)] = 0
		want[series("mancala_send_queue_depth", "platform="+p)] = 0
	}
	want[series("mancala_requests_total", "platform=terminal", "kind=command")] = -1
	want[series("mancala_rate_limited_total", "platform=terminal")] = -1
	got.want(t, "discord and telegram", want)
}

// TestMetricsTerminalGame plays a game in the real program's terminal
// chat and scrapes /metrics through its HTTP server: every move played
// was timed to its commit and to its write, the boards were rendered.
func TestMetricsTerminalGame(t *testing.T) {
	moves, _ := scriptGame(t, "kalah")
	moves = moves[:6]
	lines := append([]string{"alice> /new kalah @bob", "bob> /accept"}, moves...)
	lines = append(lines, "alice> /replay")
	in, feed := io.Pipe()
	var out syncBuffer
	m := &Main{
		Config: Config{DatabasePath: filepath.Join(t.TempDir(), "m.db"), HTTPAddr: "127.0.0.1:0",
			ImageDir: filepath.Join(t.TempDir(), "boards")},
		Stdin: in, Stdout: &out,
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	done := make(chan error, 1)
	go func() { done <- m.Run(context.Background()) }()
	defer func() {
		feed.Close()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	if _, err := io.WriteString(feed, strings.Join(lines, "\n")+"\n"); err != nil {
		t.Fatal(err)
	}
	// Wait until every line has been answered: the write of the last
	// reply comes after its request is counted, so wait for the replay.
	var got families
	if !waitFor(func() bool {
		got = scrapeHTTP(t, m)
		return got.value("mancala_render_seconds", "kind=animation") == 1
	}) {
		t.Fatalf("the lines were not all handled:\n%s", out.String())
	}
	g, err := m.DB.LiveGame(context.Background(), "terminal", "stdin")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != len(moves) {
		t.Fatalf("%d moves stored, want %d:\n%s", len(g.Moves), len(moves), out.String())
	}
	played := float64(len(moves))
	got.want(t, "after the game", map[string]float64{
		series("mancala_requests_total", "platform=terminal", "kind=command"):      float64(len(lines)),
		series("mancala_move_commit_seconds", "platform=terminal", "mover=player"): played,
		series("mancala_move_commit_seconds", "platform=terminal", "mover=bot"):    0,
		series("mancala_move_delivery_seconds", "platform=terminal"):               played,
		series("mancala_render_seconds", "kind=board"):                             played + 1, // and the accepted board
		series("mancala_render_errors_total", "kind=board"):                        0,
		series("mancala_send_queue_depth", "platform=terminal"):                    0,
	})
	if s := got.find("mancala_move_commit_seconds", "platform=terminal", "mover=player"); s != nil && s.Histogram.GetSampleSum() <= 0 {
		t.Errorf("move latency sum %v, want > 0", s.Histogram.GetSampleSum())
	}
}

// TestMetricsTelegram plays against the bot on the fake Telegram server,
// whose first board upload is answered 429: the 429 and the retry are
// counted, and every move (the player's and the bot's) is timed.
func TestMetricsTelegram(t *testing.T) {
	const token = "424242:metrics-test-token"
	tg := telegramtest.New(token)
	defer tg.Close()
	m := &Main{
		Config: Config{DatabasePath: filepath.Join(t.TempDir(), "m.db"), HTTPAddr: "127.0.0.1:0",
			TelegramToken: token, TelegramAPIEndpoint: tg.URL},
		Opponent: firstLegal{},
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()

	tg.RateLimit("sendPhoto", 1, 1)
	const chat = 556
	user := telegramtest.User{ID: 78, FirstName: "Olga", UserName: "olga"}
	tg.SendText(chat, user, "en", "/new kalah bot")
	var msg telegramtest.Message
	if !tg.WaitFor(15*time.Second, func() bool {
		var ok bool
		msg, ok = tg.LastSent(chat)
		return ok && msg.IsPhoto() && len(msg.Keyboard) > 0
	}) {
		t.Fatalf("no board: %+v", tg.Sent(chat))
	}
	data, _ := msg.Button("2")
	tg.PressButton(chat, user, "en", msg.ID, data)
	var got families
	if !waitFor(func() bool {
		got = scrapeHTTP(t, m)
		return got.value("mancala_move_delivery_seconds", "platform=telegram") == 1
	}) {
		t.Fatalf("the move's board was not delivered: %+v", tg.Sent(chat))
	}
	g, err := m.DB.LiveGame(context.Background(), "telegram", fmt.Sprint(chat))
	if err != nil {
		t.Fatal(err)
	}
	botMoves := 0
	for _, mv := range g.Moves {
		if mv.UserID == "" {
			botMoves++
		}
	}
	if botMoves == 0 || len(g.Moves) != botMoves+1 {
		t.Fatalf("moves %+v: want the player's and the bot's", g.Moves)
	}
	got.want(t, "after the game", map[string]float64{
		series("mancala_rate_limited_total", "platform=telegram"):                  1,
		series("mancala_retries_total", "platform=telegram"):                       1,
		series("mancala_move_commit_seconds", "platform=telegram", "mover=player"): 1,
		series("mancala_move_commit_seconds", "platform=telegram", "mover=bot"):    float64(botMoves),
		series("mancala_requests_total", "platform=telegram", "kind=command"):      1,
		series("mancala_requests_total", "platform=telegram", "kind=button"):       1,
		series("mancala_events_deduplicated_total", "platform=telegram"):           0,
		series("mancala_send_queue_depth", "platform=telegram"):                    0,
		series("mancala_update_queue_depth", "platform=telegram"):                  0,
	})
	if got.value("mancala_render_seconds", "kind=board") < 2 {
		t.Errorf("%v boards rendered, want 2", got.value("mancala_render_seconds", "kind=board"))
	}
}

// waitFor polls cond until it holds, for at most 2 minutes (a bound for a
// stuck program, not a timing the test relies on).
func waitFor(cond func() bool) bool {
	for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// TestMetricsHooksDoNotAllocate: what the bot and the adapters call per
// move and per reply costs client_golang's Observe or Inc, no allocation.
func TestMetricsHooksDoNotAllocate(t *testing.T) {
	m := newMetrics(nil, "telegram", "discord")
	p := m.platform("telegram")
	n := testing.AllocsPerRun(1000, func() {
		m.MoveCommitted("telegram", false, 3*time.Millisecond)
		m.MoveCommitted("telegram", true, 300*time.Millisecond)
		m.Rendered(bot.RenderBoard, 5*time.Millisecond, nil)
		p.Delivered(40 * time.Millisecond)
		p.RateLimited()
		p.Retried()
		p.requests[0].Inc()
	})
	if n != 0 {
		t.Errorf("%v allocations per move", n)
	}
}

// BenchmarkMetricsMove is the metrics' cost of one move: its commit, its
// board's render, its delivery.
func BenchmarkMetricsMove(b *testing.B) {
	m := newMetrics(nil, "telegram")
	p := m.platform("telegram")
	b.ReportAllocs()
	for b.Loop() {
		m.MoveCommitted("telegram", false, 3*time.Millisecond)
		m.Rendered(bot.RenderBoard, 5*time.Millisecond, nil)
		p.Delivered(40 * time.Millisecond)
	}
}

// TestMetricsDiscord plays against the bot on the fake Discord server,
// whose answer to the move's button press is first a 429: discordgo
// waits it out and sends again, and both are counted; the player's move,
// the bot's and the board's delivery are timed.
func TestMetricsDiscord(t *testing.T) {
	dc := discordtest.New(t)
	m := &Main{
		Config: Config{DatabasePath: filepath.Join(t.TempDir(), "m.db"), HTTPAddr: "127.0.0.1:0",
			DiscordToken: dc.Token, DiscordAppID: dc.AppID, DiscordGuildID: dc.GuildID, DiscordAPIBase: dc.URL},
		Opponent: firstLegal{},
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	dc.WaitConnected(t)

	alice := discordtest.User{ID: "2101", Username: "alice"}
	const ch = "3101"
	out := dc.SlashCommand(ch, alice, "en-US", "new", discordtest.Opt("variant", "kalah"), discordtest.Opt("level", "easy")).Wait(t)
	pit, ok := out.Message.Button("2")
	if !ok {
		t.Fatalf("no board with pit 2: %q", out.Message.Content)
	}
	dc.RateLimit(discordtest.RouteCallback, 1, 50*time.Millisecond)
	dc.PressButton(ch, alice, "en-US", out.MessageID, pit.CustomID).Wait(t)
	var got families
	if !waitFor(func() bool {
		got = scrapeHTTP(t, m)
		return got.value("mancala_move_delivery_seconds", "platform=discord") == 1 &&
			got.value("mancala_rate_limited_total", "platform=discord") == 1
	}) {
		t.Fatalf("no delivery or 429 counted: delivered %v, 429s %v", got.value("mancala_move_delivery_seconds", "platform=discord"),
			got.value("mancala_rate_limited_total", "platform=discord"))
	}
	g, err := m.DB.LiveGame(context.Background(), "discord", ch)
	if err != nil {
		t.Fatal(err)
	}
	botMoves := 0
	for _, mv := range g.Moves {
		if mv.UserID == "" {
			botMoves++
		}
	}
	if botMoves == 0 || len(g.Moves) != botMoves+1 {
		t.Fatalf("moves %+v: want the player's and the bot's", g.Moves)
	}
	got.want(t, "after the game", map[string]float64{
		series("mancala_retries_total", "platform=discord"):                       1,
		series("mancala_move_commit_seconds", "platform=discord", "mover=player"): 1,
		series("mancala_move_commit_seconds", "platform=discord", "mover=bot"):    float64(botMoves),
		series("mancala_send_queue_depth", "platform=discord"):                    0,
	})
}
