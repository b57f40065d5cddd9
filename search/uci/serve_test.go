package uci

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// served runs Serve on a pipe and returns a function that sends a line
// and one that reads the next answer line.
func served(t *testing.T, level search.Level) (send func(string), next func() string, done <-chan error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	errc := make(chan error, 1)
	go func() {
		errc <- Serve(context.Background(), engine.MustNew("oware", nil), level, inR, outW)
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close() })
	sc := bufio.NewScanner(outR)
	send = func(s string) {
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatalf("send %q: %v", s, err)
		}
	}
	next = func() string {
		if !sc.Scan() {
			t.Fatalf("the engine closed its output (%v)", sc.Err())
		}
		return sc.Text()
	}
	return send, next, errc
}

// TestServeTranscript: the handshake, a position with moves, a search
// that answers a legal move of the side to move, a finished game's
// "bestmove 0000", errors answered with "info string", and quit.
func TestServeTranscript(t *testing.T) {
	send, next, done := served(t, search.Beginner)
	send("uci")
	if l := next(); l != "id name mancala beginner" {
		t.Fatalf("first line %q", l)
	}
	next() // author
	if l := next(); l != "uciok" {
		t.Fatalf("after uci: %q, want uciok", l)
	}
	send("isready")
	if l := next(); l != "readyok" {
		t.Fatalf("after isready: %q", l)
	}

	// After South's F (pit 6), North is to move: the answer is a-f, and
	// legal there.
	send("position startpos moves F")
	send("go movetime 2000")
	line := next()
	for strings.HasPrefix(line, "info") {
		line = next()
	}
	f := strings.Fields(line)
	if len(f) != 2 || f[0] != "bestmove" {
		t.Fatalf("answer %q, want bestmove X", line)
	}
	r := engine.MustNew("oware", nil)
	p, _ := r.Start().Play(engine.Move{Kind: engine.Sow, Pit: 6})
	m, err := ParseMove(p, f[1])
	if err != nil {
		t.Fatalf("bestmove %q: %v", f[1], err)
	}
	if _, err := p.Play(m); err != nil {
		t.Fatalf("bestmove %q is illegal: %v", f[1], err)
	}

	// A finished game: North has all but one seed... a position with no
	// move for the side to move is refused by ParseFEN (finished), so the
	// server answers with info string and keeps the start position.
	send("position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S")
	if l := next(); !strings.HasPrefix(l, "info string position: ") {
		t.Errorf("a finished position: %q, want an info string", l)
	}
	send("position startpos moves Z")
	if l := next(); !strings.HasPrefix(l, "info string position: move Z") {
		t.Errorf("a bad move: %q", l)
	}
	send("frobnicate")
	if l := next(); l != "info string unknown command frobnicate" {
		t.Errorf("an unknown command: %q", l)
	}
	send("quit")
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// TestServeStop: "go" without a limit searches until "stop", then
// answers at once with a legal move.
func TestServeStop(t *testing.T) {
	send, next, _ := served(t, search.Expert)
	send("position startpos")
	send("go infinite")
	send("stop")
	line := next()
	for strings.HasPrefix(line, "info") {
		line = next()
	}
	f := strings.Fields(line)
	if len(f) != 2 || f[0] != "bestmove" {
		t.Fatalf("answer %q", line)
	}
	if _, err := ParseMove(engine.MustNew("oware", nil).Start(), f[1]); err != nil {
		t.Errorf("bestmove %q: %v", f[1], err)
	}
}
