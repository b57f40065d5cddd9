package bot

import (
	"fmt"

	"strconv"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// Button data is "<action>:<game id>:<version>[:<argument>]", for example
// "m:42:7:3" (move 3 in game 42 at version 7). The version makes a press on
// an old board, or a second press of the same button, detectable: the game
// has moved on. Anything else is rejected as malformed. The replay button
// ("v:42:7", ▶) changes nothing, so it works at any version of its game;
// nor does the review button under a finished board ("w:42:17", see
// review.go).
//
// Puzzle buttons put the puzzle's UTC day, as the number YYYYMMDD, in the
// game's place, and the version of the presser's attempt in the version's
// (0 on the public post: "from the puzzle's position"): "q:20261123:0:3"
// plays pit 3, "qr:20261123:5" tries again, "qg:20261123:5" gives up.
const (
	actionMove    = "m"
	actionAccept  = "a"
	actionDecline = "d"
	actionRematch = "r"
	actionClaim   = "c"
	actionReplay  = "v"
	// actionJoin takes an open seat at a table of more than two (Ruma):
	// "j:42:7".
	actionJoin = "j"
	// actionPick shows the choices of one pit (its directions, whether to
	// go on) in place of the board's buttons: "p:42:7:6"; actionBack shows
	// the pits again: "b:42:7". Neither changes the game.
	actionPick = "p"
	actionBack = "b"

	actionPuzzleMove   = "q"
	actionPuzzleRetry  = "qr"
	actionPuzzleGiveUp = "qg"
)

// buttonAction is one kind of button, a row of buttonActions.
type buttonAction struct {
	// arg is what follows the version: nothing, a move or a pit.
	arg buttonArg
	// urgent marks the buttons of playing a game, which adapters send
	// ahead of other traffic (see Urgent); the others change nothing in a
	// game (replay, review) or belong to the puzzle.
	urgent bool
	// run handles a press, given its parsed data.
	run func(s *session, d buttonData) ([]Reply, error)
}

// buttonArg is what a button's data carries after the version.
type buttonArg int

const (
	argNone buttonArg = iota
	argMove           // a move: a pit number, or the notation's ("6R")
	argPit            // a pit number
)

// buttonActions are the buttons by action: parseButton knows these
// actions and their arguments, session.button runs their handlers and
// Urgent reads their urgency.
var buttonActions = map[string]buttonAction{
	actionMove:    {arg: argMove, urgent: true, run: func(s *session, d buttonData) ([]Reply, error) { return s.move(d.arg, &d) }},
	actionAccept:  {urgent: true, run: func(s *session, d buttonData) ([]Reply, error) { return s.accept(&d) }},
	actionJoin:    {urgent: true, run: func(s *session, d buttonData) ([]Reply, error) { return s.accept(&d) }},
	actionDecline: {urgent: true, run: func(s *session, d buttonData) ([]Reply, error) { return s.decline(&d) }},
	actionRematch: {urgent: true, run: func(s *session, d buttonData) ([]Reply, error) { return s.rematch(&d) }},
	actionClaim:   {urgent: true, run: func(s *session, d buttonData) ([]Reply, error) { return s.claim(&d) }},
	actionPick:    {arg: argPit, urgent: true, run: (*session).pick},
	actionBack:    {urgent: true, run: (*session).pick},
	actionReplay:  {run: func(s *session, d buttonData) ([]Reply, error) { return s.replay(&d) }},
	actionReview:  {run: func(s *session, d buttonData) ([]Reply, error) { return s.review(&d) }},

	actionPuzzleMove:   {arg: argMove, run: (*session).puzzleButton},
	actionPuzzleRetry:  {run: (*session).puzzleButton},
	actionPuzzleGiveUp: {run: (*session).puzzleButton},
}

type buttonData struct {
	action  string
	gameID  int64
	version int64
	arg     string
}

func (d buttonData) String() string {
	s := fmt.Sprintf("%s:%d:%d", d.action, d.gameID, d.version)
	if d.arg != "" {
		s += ":" + d.arg
	}
	return s
}

// parseButton reads button data; the error says what is wrong (for logs).
func parseButton(s string) (buttonData, error) {
	if len(s) > 64 {
		return buttonData{}, fmt.Errorf("button data longer than 64 bytes")
	}
	parts := strings.Split(s, ":")
	if len(parts) < 3 || len(parts) > 4 {
		return buttonData{}, fmt.Errorf("button data %q: want action:game:version[:arg]", s)
	}
	d := buttonData{action: parts[0]}
	a, ok := buttonActions[d.action]
	if !ok {
		return buttonData{}, fmt.Errorf("button data %q: unknown action", s)
	}
	if d.gameID, ok = canonicalInt(parts[1]); !ok || d.gameID <= 0 {
		return buttonData{}, fmt.Errorf("button data %q: bad game id", s)
	}
	if d.version, ok = canonicalInt(parts[2]); !ok {
		return buttonData{}, fmt.Errorf("button data %q: bad version", s)
	}
	takesArg := a.arg != argNone
	switch {
	case takesArg && len(parts) != 4:
		return buttonData{}, fmt.Errorf("button data %q: move without a pit", s)
	case !takesArg && len(parts) != 3:
		return buttonData{}, fmt.Errorf("button data %q: %s takes no argument", s, d.action)
	}
	if a.arg == argPit {
		if _, ok := canonicalInt(parts[3]); !ok {
			return buttonData{}, fmt.Errorf("button data %q: bad pit", s)
		}
		d.arg = parts[3]
	} else if takesArg {
		d.arg = parts[3]
		m, err := engine.ParseMove(d.arg)
		_, number := canonicalInt(d.arg)
		if (err != nil || m.String() != d.arg) && !number {
			return buttonData{}, fmt.Errorf("button data %q: bad move", s)
		}
	}
	return d, nil
}

// canonicalInt reads a non-negative decimal number written as the bot
// writes it: digits only, no sign, no leading zero (except "0" itself).
func canonicalInt(s string) (int64, bool) {
	if s == "" || len(s) > 18 || (len(s) > 1 && s[0] == '0') || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// dayNumber writes a UTC day "2006-01-02" as the number 20060102, for
// button data.
func dayNumber(day string) int64 {
	n, _ := strconv.ParseInt(strings.ReplaceAll(day, "-", ""), 10, 64)
	return n
}

// buttonDay reads a dayNumber back as "2006-01-02"; false when n is not a
// valid day.
func buttonDay(n int64) (string, bool) {
	t, err := time.Parse("20060102", strconv.FormatInt(n, 10))
	if err != nil {
		return "", false
	}
	return t.Format(time.DateOnly), true
}
