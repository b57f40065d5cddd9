package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// owareAnalysis looks an Oware position up in the endgame database of up
// to seeds seeds (0: the default; -1: none). When it applies it returns
// the answer, and where the position's value is exact it replaces the
// search's best move, score and principal variation in res with the
// database's (res.Proven then says the score is exact); where only bounds
// are known, a best move of the search that does not secure the proven
// lower bound is replaced by the database's move, which does. A nil
// answer means the database does not apply.
func owareAnalysis(ctx context.Context, p engine.Position, hist []engine.Position, seeds int, res *search.Analysis) (*search.OwareAnswer, error) {
	if seeds < 0 || p.Rules().Variant().ID != "oware" {
		return nil, nil
	}
	ans, ok, err := search.OwareEndgame(ctx, p, hist, seeds, "")
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, failf("analyze: interrupted")
		}
		return nil, failf("analyze: %v", err)
	}
	if !ok {
		return nil, nil
	}
	switch {
	case ans.Exact:
		res.Best, res.Score, res.Proven = ans.Best, float64(ans.Lower), true
		res.PV = ans.Line
		if len(res.PV) == 0 {
			res.PV = []engine.Move{ans.Best}
		}
	case !securesLower(ans, res.Best):
		// The search's move gives away what the database proves.
		res.Best, res.PV, res.Proven = ans.Best, []engine.Move{ans.Best}, false
	}
	return &ans, nil
}

type owareDBJSON struct {
	Seeds int               `json:"seeds"`
	Exact bool              `json:"exact"`
	Moves []owareMoveDBJSON `json:"moves"`
}

type owareMoveDBJSON struct {
	Move  string `json:"move"`
	Lower int    `json:"lower"`
	Upper int    `json:"upper"`
	Exact bool   `json:"exact"`
}

// owareDBOut is the "database" field of analyze's JSON (nil: none).
func owareDBOut(a *search.OwareAnswer) *owareDBJSON {
	if a == nil {
		return nil
	}
	out := &owareDBJSON{Seeds: a.Seeds, Exact: a.Exact, Moves: []owareMoveDBJSON{}}
	for _, m := range a.Moves {
		out.Moves = append(out.Moves, owareMoveDBJSON{m.Move.String(), m.Lower, m.Upper, m.Exact()})
	}
	return out
}

// owareMoveWords lists every move with what the database knows of it:
// "1 +4 (exact), 3 between -2 and +4".
func owareMoveWords(moves []search.OwareMoveBounds) string {
	var parts []string
	for _, m := range moves {
		if m.Exact() {
			parts = append(parts, fmt.Sprintf("%s %+d (exact)", m.Move, m.Lower))
		} else {
			parts = append(parts, fmt.Sprintf("%s between %+d and %+d", m.Move, m.Lower, m.Upper))
		}
	}
	return strings.Join(parts, ", ")
}

// securesLower reports whether move m keeps the position's proven lower
// bound.
func securesLower(a search.OwareAnswer, m engine.Move) bool {
	for _, mb := range a.Moves {
		if mb.Move == m {
			return mb.Lower >= a.Lower
		}
	}
	return false
}
