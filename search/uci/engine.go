// Package uci plays the bot's levels against an external engine process
// that speaks a UCI-style line protocol, to measure their strength against
// programs outside the project. It is written for Aalina, the Oware engine
// of the Aualé program (https://github.com/joansalasoler/aalina; GPL, never
// shipped with the bot: see docs/performance.md), and supports Oware only.
//
// The protocol, as Aalina's UCIService speaks it: the client sends "uci"
// and waits for "uciok", "isready" and waits for "readyok", "setoption
// name N value V", "ucinewgame", "position startpos|fen F [moves M]" and
// "go [depth D] [movetime MS]", then waits for "bestmove X"; "info ...
// depth D ..." lines report the search's progress; "quit" ends the engine.
//
// Our side is the referee: engine.Game decides what is legal and when a
// game ends. An engine that answers with an illegal move, exits, or does
// not answer in time forfeits the game (see PlayMatch).
package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ErrExited is returned (wrapped) when the engine process ends or closes
// its output while an answer is awaited.
var ErrExited = errors.New("engine exited")

// handshakeTimeout bounds the wait for "uciok" and "readyok".
const handshakeTimeout = 30 * time.Second

// Engine is a running engine process. Its methods must not be called
// concurrently; one match worker owns one Engine.
type Engine struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string // stdout, line by line; closed at EOF
	done  chan struct{}
	// stderr keeps the end of the engine's standard error, for messages.
	stderr tailBuffer
	once   sync.Once
}

// Start runs argv (the program and its arguments; no shell is involved)
// and performs the handshake: "uci" answered by "uciok", then each option
// of opts sent with setoption, then "isready" answered by "readyok". The
// process is killed if ctx ends before the handshake finishes; after
// that, ctx no longer matters (call Close). Errors: the program cannot be
// started, it exits (ErrExited) or the handshake takes longer than 30 s.
func Start(ctx context.Context, argv []string, opts []Option) (*Engine, error) {
	if len(argv) == 0 {
		return nil, errors.New("uci: no engine command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	setProcessGroup(cmd)
	e := &Engine{cmd: cmd, lines: make(chan string, 64), done: make(chan struct{})}
	cmd.Stderr = &e.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("uci: %w", err)
	}
	if e.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("uci: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("uci: start %s: %w", argv[0], err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
		_ = cmd.Wait()
		close(e.done)
	}()
	hctx, cancel := context.WithTimeout(ctx, handshakeTimeout)
	defer cancel()
	if err := e.send("uci"); err != nil {
		e.Kill()
		return nil, err
	}
	if _, err := e.await(hctx, "uciok", nil); err != nil {
		e.Kill()
		return nil, err
	}
	for _, o := range opts {
		if err := e.send("setoption name " + o.Name + " value " + o.Value); err != nil {
			e.Kill()
			return nil, err
		}
	}
	if err := e.Ready(hctx); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

// Option is an engine option set with "setoption name Name value Value"
// (Aalina's: OwnBook, UseLeaves, DrawSearch, Hash).
type Option struct{ Name, Value string }

// ParseOption reads "Name=Value".
func ParseOption(s string) (Option, error) {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" || strings.ContainsAny(name+value, "\n\r") {
		return Option{}, fmt.Errorf("engine option %q: want Name=Value", s)
	}
	return Option{name, value}, nil
}

// Ready sends "isready" and waits for "readyok". If ctx ends first the
// process is killed and ctx's error returned.
func (e *Engine) Ready(ctx context.Context) error {
	if err := e.send("isready"); err != nil {
		return err
	}
	_, err := e.await(ctx, "readyok", nil)
	return err
}

// NewGame sends "ucinewgame" and waits until the engine is ready.
func (e *Engine) NewGame(ctx context.Context) error {
	if err := e.send("ucinewgame"); err != nil {
		return err
	}
	return e.Ready(ctx)
}

// Limits bound one search; the zero value asks for nothing (the engine's
// own default).
type Limits struct {
	MoveTime time.Duration // "go movetime" in milliseconds, if > 0
	Depth    int           // "go depth", if > 0
}

// goCommand returns the go command for lim.
func (lim Limits) goCommand() string {
	s := "go"
	if lim.Depth > 0 {
		s += " depth " + strconv.Itoa(lim.Depth)
	}
	if lim.MoveTime > 0 {
		s += " movetime " + strconv.FormatInt(max(1, lim.MoveTime.Milliseconds()), 10)
	}
	return s
}

// Reply is the engine's answer to a search.
type Reply struct {
	// Move is the move as the engine wrote it ("0000": no move, the
	// engine thinks the game is over).
	Move string
	// Depth is the depth of the last "info ... depth D" line before the
	// move, 0 if none (Aalina sends none for a book move).
	Depth int
}

// Go sends position (the arguments of the position command, e.g.
// "startpos moves FfA") and a go command with lim, and waits for the
// bestmove line. If ctx ends first, the process is killed (an engine that
// overruns cannot be trusted to answer the next request in order) and
// ctx's error returned. ErrExited (wrapped, with the end of the engine's
// standard error) if the engine dies.
func (e *Engine) Go(ctx context.Context, position string, lim Limits) (Reply, error) {
	if err := e.send("position " + position); err != nil {
		return Reply{}, err
	}
	if err := e.send(lim.goCommand()); err != nil {
		return Reply{}, err
	}
	var r Reply
	line, err := e.await(ctx, "bestmove", func(l string) {
		if d, ok := infoDepth(l); ok {
			r.Depth = d
		}
	})
	if err != nil {
		return Reply{}, err
	}
	f := strings.Fields(line)
	if len(f) < 2 {
		return Reply{}, fmt.Errorf("uci: %q names no move", line)
	}
	r.Move = f[1]
	return r, nil
}

// infoDepth returns D of an "info ... depth D ..." line.
func infoDepth(line string) (int, bool) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return 0, false
	}
	for i := 1; i+1 < len(f); i++ {
		if f[i] == "depth" {
			d, err := strconv.Atoi(f[i+1])
			return d, err == nil
		}
		if f[i] == "string" { // free text follows
			break
		}
	}
	return 0, false
}

// Close asks the engine to quit and kills it if it has not exited within
// a second. It is safe to call more than once, and after Kill.
func (e *Engine) Close() {
	_ = e.send("quit")
	_ = e.stdin.Close()
	select {
	case <-e.done:
	case <-time.After(time.Second):
		e.Kill()
	}
}

// Kill ends the process (and its process group where the platform has
// them) at once and waits for it to be reaped. Safe to call more than once.
func (e *Engine) Kill() {
	e.once.Do(func() {
		select {
		case <-e.done: // exited and reaped: its pid may be someone else's now
		default:
			killProcess(e.cmd)
		}
		_ = e.stdin.Close()
	})
	for range e.lines { // let the reader reach EOF and reap the process
	}
	<-e.done
}

// send writes one command line.
func (e *Engine) send(cmd string) error {
	if _, err := io.WriteString(e.stdin, cmd+"\n"); err != nil {
		return fmt.Errorf("uci: %w: %s", ErrExited, e.stderr.String())
	}
	return nil
}

// await reads lines until one whose first word is word, and returns it.
// Every other line goes to other (if set). A closed output gives
// ErrExited; ctx ending kills the process and gives ctx's error.
func (e *Engine) await(ctx context.Context, word string, other func(string)) (string, error) {
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				<-e.done
				msg := e.stderr.String()
				if code := e.cmd.ProcessState.ExitCode(); code != 0 {
					msg = fmt.Sprintf("exit status %d: %s", code, msg)
				}
				return "", fmt.Errorf("uci: %w waiting for %s (%s)", ErrExited, word, strings.TrimSpace(msg))
			}
			if f := strings.Fields(l); len(f) > 0 && f[0] == word {
				return l, nil
			}
			if other != nil {
				other(l)
			}
		case <-ctx.Done():
			e.Kill()
			return "", ctx.Err()
		}
	}
}

// tailBuffer keeps the last 2 KB written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if n := len(t.buf); n > 2048 {
		t.buf = append(t.buf[:0], t.buf[n-2048:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
