package uci

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
)

// Oware notation as Aalina writes it. A move is one letter: A to F are
// South's houses from its left to its right, which are our South pits 1
// to 6; a to f are North's houses from its left to its right, our North
// pits 1 to 6 (both rows numbered in the sowing direction, as ours are).
// South moves first in both. Moves are written one after the other
// without spaces ("FfA"). A position ("fen") is the twelve houses A..F,
// a..f, South's store, North's store and the side to move (S or N),
// joined by "-": 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S.

// ErrNotOware is returned for a position of another game or of an Oware
// the engine does not play (other than 4 seeds a pit, or cross-sowing).
var ErrNotOware = errors.New("uci: the engine plays Oware with 4 seeds a pit and ordinary sowing only")

// CheckRules returns ErrNotOware unless r is Oware that an Oware engine
// can play: 4 seeds a pit and no cross-sowing. The grand-slam and
// repetition options are not checked here (see AbapaDifferences).
func CheckRules(r engine.Rules) error {
	if r == nil || r.Variant().ID != "oware" {
		return ErrNotOware
	}
	o := r.Options()
	if o["seeds"] != "4" || o["cross"] == "true" {
		return ErrNotOware
	}
	return nil
}

// AbapaDifferences lists how rules r differ from Abapa, the rules Aalina
// plays (a grand slam captures nothing, option grand_slam=nocapture; the
// game ends at the first recurrence of a position, option
// repetition=first), one phrase each; none when they agree.
func AbapaDifferences(r engine.Rules) []string {
	o := r.Options()
	var d []string
	if g := o["grand_slam"]; g != "nocapture" {
		d = append(d, "grand_slam="+g+" (Abapa: nocapture)")
	}
	if rep := o["repetition"]; rep != "first" {
		d = append(d, "repetition="+rep+" (Abapa: first)")
	}
	return d
}

// MoveString writes move m, played in position p, in the engine's
// notation. Errors: ErrNotOware, or a move that is not a sowing from one
// of the mover's six pits.
func MoveString(p engine.Position, m engine.Move) (string, error) {
	if err := CheckRules(p.Rules()); err != nil {
		return "", err
	}
	if m.Kind != engine.Sow || m.Pit < 1 || m.Pit > 6 || m.Dir != engine.DirNone || m.Plus {
		return "", fmt.Errorf("uci: %v is not an Oware move", m)
	}
	base := byte('A')
	if p.ToMove() == engine.North {
		base = 'a'
	}
	return string(base + m.Pit - 1), nil
}

// ParseMove reads the engine's move s for position p. It checks only
// the notation and that the letter names a house of the side to move;
// whether the move is legal is for the referee to decide. Errors:
// ErrNotOware, or s is not one letter of the mover's houses (a-f for
// North, A-F for South).
func ParseMove(p engine.Position, s string) (engine.Move, error) {
	if err := CheckRules(p.Rules()); err != nil {
		return engine.Move{}, err
	}
	base := byte('A')
	if p.ToMove() == engine.North {
		base = 'a'
	}
	if len(s) != 1 || s[0] < base || s[0] > base+5 {
		return engine.Move{}, fmt.Errorf("uci: move %q does not name a house of %s (%c-%c)", s, p.ToMove(), base, base+5)
	}
	return engine.Move{Kind: engine.Sow, Pit: s[0] - base + 1}, nil
}

// FEN writes p in the engine's position notation. Errors: ErrNotOware.
func FEN(p engine.Position) (string, error) {
	if err := CheckRules(p.Rules()); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, s := range []engine.Side{engine.South, engine.North} {
		for n := 1; n <= 6; n++ {
			b.WriteString(strconv.Itoa(p.Pit(s, n)))
			b.WriteByte('-')
		}
	}
	b.WriteString(strconv.Itoa(p.Store(engine.South)))
	b.WriteByte('-')
	b.WriteString(strconv.Itoa(p.Store(engine.North)))
	if p.ToMove() == engine.South {
		b.WriteString("-S")
	} else {
		b.WriteString("-N")
	}
	return b.String(), nil
}

// PositionArgs returns the arguments of the position command for game g:
// "startpos" when g started from the rules' start position, else "fen F",
// followed by " moves M" with every move of g when there are any (the
// engine needs the history for its repetition rule). Errors: ErrNotOware.
func PositionArgs(g *engine.Game) (string, error) {
	start := g.Start()
	var b strings.Builder
	if start == start.Rules().Start() {
		if err := CheckRules(start.Rules()); err != nil {
			return "", err
		}
		b.WriteString("startpos")
	} else {
		f, err := FEN(start)
		if err != nil {
			return "", err
		}
		b.WriteString("fen " + f)
	}
	ps := g.Positions()
	for i, m := range g.Moves() {
		if i == 0 {
			b.WriteString(" moves ")
		}
		s, err := MoveString(ps[i], m)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// ParseFEN reads a position in the engine's notation (see FEN) as a
// position of rules r (which must pass CheckRules). Errors: not 15 parts,
// a count that is not a number, not 48 seeds, no S or N at the end, or a board r
// rejects (engine.NewPosition's error: too many seeds, a finished game).
func ParseFEN(r engine.Rules, s string) (engine.Position, error) {
	if err := CheckRules(r); err != nil {
		return engine.Position{}, err
	}
	f := strings.Split(s, "-")
	if len(f) != 15 {
		return engine.Position{}, fmt.Errorf("uci: fen %q: want 15 parts joined by -, got %d", s, len(f))
	}
	n := make([]int, 14)
	total := 0
	for i := range n {
		v, err := strconv.Atoi(f[i])
		if err != nil || v < 0 {
			return engine.Position{}, fmt.Errorf("uci: fen %q: part %d (%q) is not a count", s, i+1, f[i])
		}
		n[i] = v
		total += v
	}
	if total != 48 {
		return engine.Position{}, fmt.Errorf("uci: fen %q: %d seeds, want 48", s, total)
	}
	setup := engine.Setup{Pits: [][]int{n[0:6], n[6:12]}, Stores: []int{n[12], n[13]}}
	switch f[14] {
	case "S":
		setup.ToMove = engine.South
	case "N":
		setup.ToMove = engine.North
	default:
		return engine.Position{}, fmt.Errorf("uci: fen %q: want S or N to move, got %q", s, f[14])
	}
	p, err := engine.NewPosition(r, setup)
	if err != nil {
		return engine.Position{}, fmt.Errorf("uci: fen %q: %w", s, err)
	}
	return p, nil
}
