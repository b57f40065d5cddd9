package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/adapters/telegram"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/postgres"
	"github.com/mancala-bot/mancala/store/postgres/pgtest"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// The durability test runs this test binary again as the real program.
func TestMain(m *testing.M) {
	if os.Getenv("MANCALA_E2E_CHILD") == "1" {
		if os.Getenv("MANCALA_E2E_NO_PACING") == "1" {
			tuneTelegram = func(c *telegram.Config) {
				c.PrivateInterval, c.GroupInterval, c.Burst = time.Millisecond, time.Millisecond, 100
			}
		}
		os.Exit(run(context.Background(), []string{"serve"}, os.Stdin, os.Stdout, os.Stderr))
	}
	// Databases the tests build go to a folder of their own, never the
	// user's cache.
	if os.Getenv("MANCALA_CACHE_DIR") == "" {
		dir, err := os.MkdirTemp("", "mancala-cmd-test")
		if err != nil {
			panic(err)
		}
		os.Setenv("MANCALA_CACHE_DIR", dir)
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// firstLegal plays the first legal move: a predictable bot for scripts.
type firstLegal struct{}

func (firstLegal) Levels() []string                { return []string{"easy"} }
func (o firstLegal) Offered(engine.Rules) []string { return o.Levels() }
func (firstLegal) Move(_ context.Context, g *engine.Game, _ string, _ int64) (bot.Choice, error) {
	return bot.Choice{Move: g.Position().Moves()[0]}, nil
}

// startMain runs the real program on a script and returns what it printed.
func startMain(t *testing.T, dbPath, script string, opp bot.Opponent) string {
	t.Helper()
	var out bytes.Buffer
	m := &Main{
		Config:   Config{DatabasePath: dbPath, ImageDir: filepath.Join(t.TempDir(), "boards")},
		Stdin:    strings.NewReader(script),
		Stdout:   &out,
		Opponent: opp,
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	return out.String()
}

func liveGame(t *testing.T, dbPath string) *store.Game {
	t.Helper()
	db, err := sqlite.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g, err := db.LiveGame(context.Background(), "terminal", "stdin")
	if err != nil {
		return nil
	}
	return g
}

// scriptGame plays a whole game with the engine, alternating alice (South)
// and bob (North) on the first legal move, and returns the chat lines.
func scriptGame(t *testing.T, variant string) (lines []string, final engine.Position) {
	t.Helper()
	p := engine.MustNew(variant, nil).Start()
	for !p.Status().Over() {
		m := p.Moves()[len(p.Moves())/2]
		who := "alice"
		if p.ToMove() == engine.North {
			who = "bob"
		}
		lines = append(lines, fmt.Sprintf("%s> /move %s", who, m))
		var err error
		if p, err = p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return lines, p
}

func TestTerminalChatWholeGames(t *testing.T) {
	for _, variant := range []string{"kalah", "oware", "togyz", "congkak", "bao-kenya", "bao-laps", "bao-kujifunza", "bao"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "m.db")
			moves, final := scriptGame(t, variant)
			script := "alice> /new " + variant + " @bob\nbob> /accept\n" + strings.Join(moves, "\n") + "\n"
			out := startMain(t, db, script, nil)
			if strings.Contains(out, "only)") {
				t.Fatalf("a move was refused:\n%s", out)
			}
			if !strings.Contains(out, "Game over") {
				t.Fatalf("no end of game in the output:\n%s", out[max(0, len(out)-2000):])
			}
			// The winner's score comes first.
			count := final.Store
			if final.Rules().Layout().Store(engine.South) == engine.NoCell {
				count = final.PitSeeds // four-row Bao: the seeds on each side
			}
			hi, lo := max(count(engine.South), count(engine.North)), min(count(engine.South), count(engine.North))
			if want := fmt.Sprintf("wins, %d:%d", hi, lo); !strings.Contains(out, want) {
				t.Errorf("final score %q not in the output", want)
			}
			if !strings.Contains(out, "image: ") {
				t.Error("no board image path printed")
			}
			if g := liveGame(t, db); g != nil {
				t.Errorf("game still live: %+v", g)
			}
		})
	}
}

func TestTerminalChatAgainstTheBot(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	// Replay the game the bot will play (it takes the first legal move).
	p := engine.MustNew("kalah", nil).Start()
	var script []string
	for !p.Status().Over() {
		var m engine.Move
		if p.ToMove() == engine.South {
			m = p.Moves()[len(p.Moves())-1]
			script = append(script, m.String()) // typed as a bare button label
		} else {
			m = p.Moves()[0]
		}
		p, _ = p.Play(m)
	}
	out := startMain(t, db, "/new kalah bot\n"+strings.Join(script, "\n")+"\n", firstLegal{})
	if strings.Contains(out, "only)") || !strings.Contains(out, "Game over") {
		t.Fatalf("output:\n%s", out[max(0, len(out)-3000):])
	}
}

func TestTerminalChatRefusesBadInput(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	script := `alice> /new kalah @bob
bob> /accept
alice> /move 3
bob> /move 1
alice> /move 9
alice> /move 3
carol> /move 1
bob> /move 0
bob> /new oware
bob> /new chess
bob> ]]]
bob> /move
bob> !!!
`
	out := startMain(t, db, script, nil)
	for _, want := range []string{
		"(to bob only)",   // not bob's turn (alice moves again after 3)
		"(to alice only)", // pit 9, then the empty pit 3
		"(to carol only)", // a spectator
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "only)"); n != 10 {
		t.Errorf("%d refusals, want 10:\n%s", n, out)
	}
	g := liveGame(t, db)
	if g == nil || len(g.Moves) != 1 || g.Moves[0].Move != "3" {
		t.Fatalf("state changed by refused input: %+v", g)
	}
}

func TestHealthEndpoints(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		healthEndpoints(t, Config{DatabasePath: filepath.Join(t.TempDir(), "m.db"), HTTPAddr: "127.0.0.1:0"})
	})
	t.Run("postgres", func(t *testing.T) {
		healthEndpoints(t, Config{DatabaseURL: pgtest.NewDatabase(t), HTTPAddr: "127.0.0.1:0"})
	})
}

func healthEndpoints(t *testing.T, cfg Config) {
	m := &Main{Config: cfg, Stdin: blockingReader{}, Stdout: io.Discard}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	base := "http://" + m.httpLn.Addr().String()
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("%s: %d %s", path, resp.StatusCode, body)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Run after cancel: %v", err)
	}
}

type blockingReader struct{}

func (blockingReader) Read([]byte) (int, error) { select {} }

func TestConfigFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	c, err := configFromEnv(env())
	if err != nil || c.DatabasePath != "./mancala.db" {
		t.Fatalf("defaults: %+v %v", c, err)
	}
	bad := []struct {
		env  func(string) string
		want string
	}{
		{env("LOG_LEVEL", "loud"), "LOG_LEVEL"},
		{env("HTTP_ADDR", "8080"), "HTTP_ADDR"},
		{env("DISCORD_TOKEN", "secret-token-value"), "DISCORD_APP_ID"},
		{env("DISCORD_APP_ID", "abc"), "DISCORD_APP_ID"},
		{env("TELEGRAM_API_ENDPOINT", "ftp://x"), "TELEGRAM_API_ENDPOINT"},
		{env("DATABASE_URL", "mysql://bob:secret-pw@db/mancala"), "DATABASE_URL"},
		{env("DATABASE_URL", "postgres://bob:secret-pw@db:notaport/mancala"), "DATABASE_URL"},
		{env("DATABASE_URL", "postgres://bob:secret-pw@db/mancala?sslmode=sometimes"), "DATABASE_URL"},
	}
	for _, b := range bad {
		_, err := configFromEnv(b.env)
		if err == nil || !strings.Contains(err.Error(), b.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("error %v, want one naming %s without the token", err, b.want)
		}
	}
	c, _ = configFromEnv(env("DISCORD_TOKEN", "secret-token-value", "DISCORD_APP_ID", "1"))
	if strings.Contains(c.String(), "secret") {
		t.Errorf("Config.String leaks the token: %s", c)
	}
	c, err = configFromEnv(env("DATABASE_URL", "postgresql://bob:secret-pw@db.internal:6432/games?sslmode=disable"))
	if err != nil || c.DatabaseURL == "" {
		t.Fatalf("DATABASE_URL refused: %v", err)
	}
	if s := c.String(); strings.Contains(s, "secret") || !strings.Contains(s, "postgres db.internal:6432/games") {
		t.Errorf("Config.String with DATABASE_URL: %s", s)
	}
}

// TestServeUnreachablePostgres: a DATABASE_URL whose server does not
// answer stops "mancala serve" at once with exit 2 and one line on stderr
// that names the variable and not the password.
func TestServeUnreachablePostgres(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	t.Setenv("DATABASE_URL", "postgres://bob:secret-pw@"+addr+"/mancala?sslmode=disable")
	var stdout, stderr bytes.Buffer
	code := run(t.Context(), []string{"serve"}, strings.NewReader(""), &stdout, &stderr)
	msg := stderr.String()
	if code != exitUsage || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "mancala: DATABASE_URL: ") ||
		strings.Contains(msg, "secret") {
		t.Errorf("exit %d, stderr %q; want exit 2 and one line naming DATABASE_URL without the password", code, msg)
	}
}

// TestKillAndRestart kills the real program (SIGKILL, no clean shutdown)
// right after a move was acknowledged, restarts it on the same database and
// continues the game from that move: on SQLite (DATABASE_PATH) and on
// PostgreSQL (DATABASE_URL).
func TestKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the program as a child process")
	}
	t.Run("sqlite", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "m.db")
		killAndRestart(t, "DATABASE_PATH="+db, func() *store.Game { return liveGame(t, db) })
	})
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.NewDatabase(t)
		killAndRestart(t, "DATABASE_URL="+url, func() *store.Game {
			db, err := postgres.Open(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			g, err := db.LiveGame(context.Background(), "terminal", "stdin")
			if err != nil {
				return nil
			}
			return g
		})
	})
}

// killAndRestart runs the kill-and-restart scenario with the database
// setting dbEnv ("DATABASE_PATH=..." or "DATABASE_URL=..."); live reads the
// channel's live game from that database.
func killAndRestart(t *testing.T, dbEnv string, live func() *store.Game) {
	dir := t.TempDir()
	start := func() (*exec.Cmd, io.WriteCloser, chan string) {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
			return strings.HasPrefix(kv, "DATABASE_URL=") || strings.HasPrefix(kv, "DATABASE_PATH=")
		})
		cmd.Env = append(env, "MANCALA_E2E_CHILD=1", dbEnv, "IMAGE_DIR="+filepath.Join(dir, "img"))
		in, _ := cmd.StdinPipe()
		outPipe, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string, 1000)
		go func() {
			sc := bufio.NewScanner(outPipe)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		return cmd, in, lines
	}
	// waitFor reads output until a line containing want.
	waitFor := func(lines chan string, want string) {
		t.Helper()
		timeout := time.After(60 * time.Second)
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("output ended before %q", want)
				}
				if strings.Contains(line, want) {
					return
				}
			case <-timeout:
				t.Fatalf("timed out waiting for %q", want)
			}
		}
	}
	cmd, in, out := start()
	for _, l := range []string{"alice> /new kalah @bob", "bob> /accept"} {
		fmt.Fprintln(in, l)
	}
	waitFor(out, "buttons: [1] [2] [3] [4] [5] [6]")
	fmt.Fprintln(in, "alice> /move 1")
	waitFor(out, "@bob to move")
	fmt.Fprintln(in, "bob> /move 2")
	waitFor(out, "@alice to move") // acknowledged: committed before the reply
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	cmd, in, out = start()
	fmt.Fprintln(in, "alice> /game")
	waitFor(out, ": 1 2")
	fmt.Fprintln(in, "alice> /move 3") // S4 S5 S6 store N1
	waitFor(out, "@bob to move")
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("second run: %v", err)
	}
	if g := live(); g == nil || len(g.Moves) != 3 {
		t.Fatalf("after restart: %+v", g)
	}
}

// TestTerminalChatLongLine: a line of 70,000 bytes is refused and the
// program goes on reading: the commands after it are answered.
func TestTerminalChatLongLine(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	out := startMain(t, db, strings.Repeat("a", 70000)+"\nalice> /new kalah @bob\nbob> /accept\n", nil)
	if !strings.Contains(out, "line too long (70000 bytes); at most 4096") {
		t.Errorf("no refusal of the long line:\n%.2000s", out)
	}
	if strings.Contains(out, "aaaa") || !strings.Contains(out, "buttons: [1] [2] [3] [4] [5] [6]") {
		t.Errorf("the game after the long line did not start:\n%.2000s", out)
	}
	if g := liveGame(t, db); g == nil || g.Phase != store.PhasePlaying {
		t.Errorf("live game %+v, want one in play", g)
	}
}
