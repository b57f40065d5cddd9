package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The fake engine is this test binary run again with UCI_FAKE_ENGINE set:
// argv[1] is its mode, argv[2] a file it appends every line it receives
// to. It keeps the position with our own rules (Abapa's grand slam) and
// answers as its mode says:
//
//	first      the lowest legal pit
//	wrongside  a house of the side not to move
//	emptypit   an empty pit of its own when it has one (illegal), else first
//	crash      exits with status 3 at the first go
//	hang       never answers a go
//	history    "bestmove 0000" when the position comes with moves, else first
//	exit       exits with status 3 before reading anything
const fakeEnv = "UCI_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if os.Getenv(fakeEnv) != "" {
		os.Exit(fakeEngine(os.Args[1], os.Args[2]))
	}
	os.Exit(m.Run())
}

func fakeEngine(mode, logPath string) int {
	if mode == "exit" {
		return 3
	}
	logf, err := os.OpenFile(logPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return 2
	}
	defer logf.Close()
	r, err := engine.New("oware", engine.Options{"grand_slam": "nocapture"})
	if err != nil {
		return 2
	}
	var (
		pos     engine.Position
		history bool
	)
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		line := sc.Text()
		fmt.Fprintln(logf, line)
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Println("id name Fake " + mode)
			fmt.Println("option name OwnBook type check default true")
			fmt.Println("uciok")
		case "isready":
			fmt.Println("readyok")
		case "quit":
			return 0
		case "position":
			pos, history = r.Start(), false
			i := 2
			if f[1] == "fen" {
				if pos, err = ParseFEN(r, f[2]); err != nil {
					fmt.Fprintln(os.Stderr, err)
					return 2
				}
				i = 3
			}
			if i+1 < len(f) && f[i] == "moves" {
				history = true
				for _, c := range f[i+1] {
					m, err := ParseMove(pos, string(c))
					if err == nil {
						pos, err = pos.Play(m)
					}
					if err != nil {
						fmt.Fprintln(os.Stderr, err)
						return 2
					}
				}
			}
		case "go":
			fmt.Println("info depth 3 score cp 5 pv A")
			fmt.Println("info string depth 99 is not a depth")
			fmt.Println("info depth 7 score cp 2 pv Ab")
			switch {
			case mode == "crash":
				fmt.Fprintln(os.Stderr, "fake engine: crashed on purpose")
				return 3
			case mode == "hang":
				continue
			case mode == "history" && history:
				fmt.Println("bestmove 0000")
				continue
			case mode == "wrongside":
				if pos.ToMove() == engine.North {
					fmt.Println("bestmove A")
				} else {
					fmt.Println("bestmove a")
				}
				continue
			case mode == "emptypit":
				if m, ok := emptyPit(pos); ok {
					s, _ := MoveString(pos, m)
					fmt.Println("bestmove " + s)
					continue
				}
			}
			s, _ := MoveString(pos, pos.Moves()[0])
			fmt.Println("bestmove " + s + " ponder a")
		}
	}
	return 0
}

// emptyPit returns a move from an empty pit of the side to move.
func emptyPit(p engine.Position) (engine.Move, bool) {
	for n := 1; n <= 6; n++ {
		if p.Pit(p.ToMove(), n) == 0 {
			return sow(uint8(n)), true
		}
	}
	return engine.Move{}, false
}

// fake returns the command running the fake engine in mode and the file
// its transcript goes to.
func fake(t *testing.T, mode string) ([]string, string) {
	t.Helper()
	t.Setenv(fakeEnv, "1")
	log := filepath.Join(t.TempDir(), "received.txt")
	return []string{os.Args[0], mode, log}, log
}

func transcript(t *testing.T, log string) []string {
	t.Helper()
	b, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func TestEngineTranscript(t *testing.T) {
	cmd, log := fake(t, "first")
	ctx := context.Background()
	e, err := Start(ctx, cmd, []Option{{"OwnBook", "false"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	r, err := e.Go(ctx, "startpos moves F", Limits{MoveTime: 500_000_000, Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	// North's lowest legal pit is a; the last depth reported is 7 (the
	// info string's "depth 99" is text).
	if r != (Reply{Move: "a", Depth: 7}) {
		t.Errorf("reply %+v, want {a 7}", r)
	}
	e.Close()
	want := []string{
		"uci", "setoption name OwnBook value false", "isready", "ucinewgame", "isready",
		"position startpos moves F", "go depth 6 movetime 500", "quit",
	}
	if got := transcript(t, log); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the engine received\n%q\nwant\n%q", got, want)
	}
}

func TestEngineExits(t *testing.T) {
	cmd, _ := fake(t, "crash")
	ctx := context.Background()
	e, err := Start(ctx, cmd, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Kill()
	_, err = e.Go(ctx, "startpos", Limits{Depth: 2})
	if !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "exit status 3") ||
		!strings.Contains(err.Error(), "crashed on purpose") {
		t.Errorf("Go on a crashing engine: %v, want ErrExited with its status and stderr", err)
	}
}

// A cancelled search kills the engine: it would answer late, out of turn.
func TestGoCancelledKills(t *testing.T) {
	cmd, _ := fake(t, "hang")
	e, err := Start(context.Background(), cmd, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.Go(ctx, "startpos", Limits{Depth: 2}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Go with a cancelled context: %v", err)
	}
	// Go returned after Kill reaped the process.
	if st := e.cmd.ProcessState; st == nil || st.Success() {
		t.Errorf("process state after cancel: %v, want killed", st)
	}
	e.Close() // harmless after Kill
}

func TestStartFails(t *testing.T) {
	if _, err := Start(context.Background(), []string{filepath.Join(t.TempDir(), "no-such-engine")}, nil); err == nil {
		t.Error("Start of a missing program: no error")
	}
	if _, err := Start(context.Background(), nil, nil); err == nil {
		t.Error("Start without a command: no error")
	}
	cmd, _ := fake(t, "exit")
	if _, err := Start(context.Background(), cmd, nil); !errors.Is(err, ErrExited) {
		t.Errorf("Start of a program that exits at once: %v, want ErrExited", err)
	}
}

func TestParseOption(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Option
		ok   bool
	}{
		{"OwnBook=false", Option{"OwnBook", "false"}, true},
		{" Hash = 64 ", Option{"Hash", "64"}, true},
		{"OwnBook", Option{}, false},
		{"=1", Option{}, false},
		{"Hash=", Option{}, false},
	} {
		got, err := ParseOption(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseOption(%q) = %+v, %v; want %+v ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
