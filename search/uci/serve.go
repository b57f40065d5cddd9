package uci

import (
	"bufio"
	"context"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// Serve is the engine's side of the protocol (see the package comment):
// it reads commands from in and answers on out as an Oware engine playing
// level under rules r (which must pass CheckRules), until "quit" or the end
// of in or ctx. So a level of one build of the bot can play a level of
// another ("mancala match --b-engine 'old-mancala engine oware'"), which is
// how a change is measured against the previous version.
//
// "go movetime MS" gives the level that long (its own budget still
// applies: Expert's node budget may end it sooner); "go depth D" is read
// as no limit but the level's own; "stop" ends a search at once with the
// best move so far. A search's "info depth D" line precedes its
// "bestmove". A command it cannot read is answered with "info string"
// and otherwise ignored, as UCI engines do. Serve returns in's read error
// or out's write error, nil at "quit" or the end of in.
func Serve(ctx context.Context, r engine.Rules, level search.Level, in io.Reader, out io.Writer) error {
	if err := CheckRules(r); err != nil {
		return err
	}
	s := &server{r: r, level: level, out: out}
	s.game = engine.NewGame(r.Start())
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer s.stop()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		var err error
		switch f[0] {
		case "uci":
			err = s.say("id name mancala " + level.String() + "\nid author the mancala bot\nuciok")
		case "isready":
			s.wait()
			err = s.say("readyok")
		case "ucinewgame", "setoption", "debug", "ponderhit":
		case "position":
			s.stop()
			err = s.position(f[1:])
		case "go":
			s.stop()
			err = s.goSearch(ctx, f[1:])
		case "stop":
			s.stop()
		case "quit":
			return nil
		default:
			err = s.say("info string unknown command " + f[0])
		}
		if err != nil {
			return err
		}
	}
	return sc.Err()
}

type server struct {
	r     engine.Rules
	level search.Level
	game  *engine.Game

	mu     sync.Mutex // out
	out    io.Writer
	cancel context.CancelFunc // the search running, if any
	done   chan struct{}
}

func (s *server) say(lines string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err := io.WriteString(s.out, lines+"\n")
	return err
}

// stop ends the search running, if any, and waits for its bestmove.
func (s *server) stop() {
	if s.cancel != nil {
		s.cancel()
	}
	s.wait()
}

// wait waits for the search running, if any, to answer.
func (s *server) wait() {
	if s.done != nil {
		<-s.done
		s.done, s.cancel = nil, nil
	}
}

// position reads "startpos|fen F [moves M]"; a bad one is reported and
// leaves the start position.
func (s *server) position(args []string) error {
	s.game = engine.NewGame(s.r.Start())
	if len(args) == 0 {
		return s.say("info string position: startpos or fen expected")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		if len(rest) == 0 {
			return s.say("info string position: fen without a position")
		}
		p, err := ParseFEN(s.r, rest[0])
		if err != nil {
			return s.say("info string position: " + err.Error())
		}
		s.game = engine.NewGame(p)
		rest = rest[1:]
	default:
		return s.say("info string position: startpos or fen expected, got " + args[0])
	}
	if len(rest) == 0 {
		return nil
	}
	if rest[0] != "moves" {
		return s.say("info string position: moves expected, got " + rest[0])
	}
	for _, word := range rest[1:] {
		for _, c := range word {
			m, err := ParseMove(s.game.Position(), string(c))
			if err == nil {
				_, err = s.game.Play(m)
			}
			if err != nil {
				s.game = engine.NewGame(s.r.Start())
				return s.say("info string position: move " + string(c) + ": " + err.Error())
			}
		}
	}
	return nil
}

// goSearch starts the level's search of the current position; it answers
// "bestmove" when done ("bestmove 0000" for a finished game).
func (s *server) goSearch(ctx context.Context, args []string) error {
	var think time.Duration
	for i := 0; i+1 < len(args); i++ {
		if args[i] == "movetime" {
			ms, err := strconv.Atoi(args[i+1])
			if err != nil || ms <= 0 {
				return s.say("info string go: movetime " + args[i+1] + " is not a positive number of milliseconds")
			}
			think = time.Duration(ms) * time.Millisecond
		}
	}
	if s.game.Position().Status() != engine.Ongoing {
		return s.say("bestmove 0000")
	}
	var cancel context.CancelFunc
	if think > 0 {
		ctx, cancel = context.WithTimeout(ctx, think)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	s.cancel, s.done = cancel, make(chan struct{})
	g := s.game
	done := s.done
	go func() {
		defer close(done)
		defer cancel()
		p := g.Position()
		m, err := s.level.Move(ctx, g, int64(p.Ply()))
		if err != nil {
			// Stopped before any move was found: the first legal one.
			m = p.Moves()[0]
			_ = s.say("info string no move found in time; playing the first legal one")
		}
		w, err := MoveString(p, m)
		if err != nil {
			_ = s.say("bestmove 0000")
			return
		}
		_ = s.say("bestmove " + w)
	}()
	return nil
}
