package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Button data is "<action>:<game id>:<version>[:<argument>]", for example
// "m:42:7:3" (move 3 in game 42 at version 7). The version makes a press on
// an old board, or a second press of the same button, detectable: the game
// has moved on. Anything else is rejected as malformed. The replay button
// ("v:42:7", ▶) changes nothing, so it works at any version of its game.
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

	actionPuzzleMove   = "q"
	actionPuzzleRetry  = "qr"
	actionPuzzleGiveUp = "qg"
)

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
	switch d.action {
	case actionMove, actionAccept, actionDecline, actionRematch, actionClaim, actionReplay,
		actionPuzzleMove, actionPuzzleRetry, actionPuzzleGiveUp:
	default:
		return buttonData{}, fmt.Errorf("button data %q: unknown action", s)
	}
	var err error
	if d.gameID, err = strconv.ParseInt(parts[1], 10, 64); err != nil || d.gameID <= 0 {
		return buttonData{}, fmt.Errorf("button data %q: bad game id", s)
	}
	if d.version, err = strconv.ParseInt(parts[2], 10, 64); err != nil || d.version < 0 {
		return buttonData{}, fmt.Errorf("button data %q: bad version", s)
	}
	if len(parts) == 4 {
		d.arg = parts[3]
	}
	if (d.action == actionMove || d.action == actionPuzzleMove) && d.arg == "" {
		return buttonData{}, fmt.Errorf("button data %q: move without a pit", s)
	}
	return d, nil
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
