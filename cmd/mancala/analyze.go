package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

const analyzeUsage = `usage: mancala analyze VARIANT [MOVES...] [--opt k=v]... [--from FILE.json]
                      [--time D] [--depth N] [--nodes N] [--json]

Searches the position after the MOVES (from the variant's start, or from
the position in FILE; "-" reads standard input) and prints the best move,
its evaluation in seeds for the side to move (the final store margin the
search expects; "proven" when the search saw every line to its end), the
principal variation, the depth reached and the speed.

The search stops at the first limit reached; with none it thinks for 2s.
--depth and --nodes give the same answer on every run; --time does not.

  --opt k=v    set a rule option (see "mancala variants"); repeatable
  --from FILE  start from this position JSON
  --time D     think this long (e.g. 500ms, 2s)
  --depth N    search N plies deep (an extra turn is a ply)
  --nodes N    search at most N positions
  --db-seeds N Oware: the endgame database's seeds (default: the largest in
               the cache, else 12; at most 20, above 14 only once built by
               "mancala book oware"; -1: none)
  --json       print {"best":"3","score":1.5,"proven":false,"pv":["3","6"],
               "depth":12,"nodes":N,"seconds":S,"nodes_per_second":R}
               (Oware endgames add "database":{"seeds":12,"exact":true,
               "moves":[{"move":"1","lower":4,"upper":4,"exact":true},...]})

Oware (any grand_slam; not cross) with at most 12 seeds in the pits (up to 20 once
"mancala book oware" has built a larger database) is also looked up in
the endgame database (built on first use, about 12 s, then kept in the
cache directory, as "mancala solve" does): every move is listed with its
value, marked exact where the database holds it ("between" bounds where
play can cycle), and where the position's own value is exact the best
move, evaluation and principal variation are the database's. Its margins
count play to the end of the board (the majority rule may end the game
sooner, with the same winner).
`

func runAnalyze(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"opt", listFlag}, flagSpec{"from", valueFlag}, flagSpec{"json", boolFlag},
		flagSpec{"time", valueFlag}, flagSpec{"depth", valueFlag}, flagSpec{"nodes", valueFlag},
		flagSpec{"db-seeds", valueFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, analyzeUsage)
		return nil
	}
	var lim search.Limits
	if v, ok := a.vals["time"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return usagef("--time %q: want a duration such as 500ms or 2s", v)
		}
		lim.Time = d
	}
	if lim.Depth, err = intFlag(a, "depth", 0, 1, 200); err != nil {
		return err
	}
	nodes, err := intFlag(a, "nodes", 0, 1, 1<<40)
	if err != nil {
		return err
	}
	lim.Nodes = uint64(nodes)
	p, hist, err := gameAfterMoves(a, stdin, "analyze")
	if err != nil {
		return err
	}
	lim.History = hist
	switch p.Rules().Layout().Sides {
	case 1:
		return usagef("analyze: %s is a solitaire; use \"mancala solve\"", p.Rules().Variant().ID)
	}
	if p.Status() != engine.Ongoing {
		return failf("analyze: the game is over (%s)", statusWords(p.Status(), p.EndReason()))
	}
	dbSeeds, err := intFlag(a, "db-seeds", 0, -1, search.MaxOwareDBSeeds)
	if err != nil {
		return err
	}
	res, err := search.Analyze(ctx, p, lim)
	if err != nil {
		return failf("analyze: %v", err)
	}
	db, err := owareAnalysis(ctx, p, hist, dbSeeds, &res)
	if err != nil {
		return err
	}
	pv := make([]string, len(res.PV))
	for i, m := range res.PV {
		pv[i] = m.String()
	}
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			Best    string       `json:"best"`
			Score   float64      `json:"score"`
			Proven  bool         `json:"proven"`
			PV      []string     `json:"pv"`
			Depth   int          `json:"depth"`
			Nodes   uint64       `json:"nodes"`
			Seconds float64      `json:"seconds"`
			NPS     uint64       `json:"nodes_per_second"`
			DB      *owareDBJSON `json:"database,omitempty"`
		}{res.Best.String(), res.Score, res.Proven, pv, res.Depth, res.Nodes, res.Elapsed.Seconds(), uint64(res.NodesPerSecond()), owareDBOut(db)})
	}
	score := fmt.Sprintf("%+.2f", res.Score)
	switch {
	case db != nil && db.Exact:
		score = fmt.Sprintf("%+d (exact, from the endgame database: %s)", db.Lower, owareMarginNote)
	case db != nil:
		score = fmt.Sprintf("between %+d and %+d (the endgame database's bounds: play can cycle, and the repetition rule decides; %s); the search's estimate %+.2f",
			db.Lower, db.Upper, owareMarginNote, res.Score)
	case res.Proven:
		score = fmt.Sprintf("%+d (proven: the exact value with perfect play)", int(res.Score))
	}
	fmt.Fprintf(stdout, "best move: %s\n", res.Best)
	if p.Rules().Layout().Sides > 2 {
		score += " (paranoid: against every other seat together)"
	}
	fmt.Fprintf(stdout, "evaluation: %s for %s, the side to move\n", score, p.ToMove())
	fmt.Fprintf(stdout, "principal variation: %s\n", strings.Join(pv, " "))
	fmt.Fprintf(stdout, "depth: %d\n", res.Depth)
	fmt.Fprintf(stdout, "nodes: %d in %.3f s (%.0f nodes/s)\n", res.Nodes, res.Elapsed.Seconds(), res.NodesPerSecond())
	if db != nil {
		fmt.Fprintf(stdout, "endgame database (up to %d seeds), every move: %s\n", db.Seeds, owareMoveWords(db.Moves))
	}
	return nil
}

// gameAfterMoves is positionAfterMoves that plays through a game, so that
// the repetition rule applies, and also returns the positions before the
// last (the history the search needs).
func gameAfterMoves(a *parsedArgs, stdin io.Reader, cmd string) (engine.Position, []engine.Position, error) {
	variant, moves := "", a.pos
	switch {
	case !a.has("from"):
		if len(moves) == 0 {
			return engine.Position{}, nil, usagef("%s: missing VARIANT (run \"mancala variants\" for the list)", cmd)
		}
		variant, moves = moves[0], moves[1:]
	case len(moves) > 0:
		if _, err := engine.ParseMove(moves[0]); err != nil {
			variant, moves = moves[0], moves[1:]
		}
	}
	start, err := startPosition(a, variant, stdin)
	if err != nil {
		return start, nil, err
	}
	g := engine.NewGame(start)
	for i, text := range moves {
		m, err := engine.ParseMove(text)
		if err != nil {
			return start, nil, failf("move %d: %v", i+1, err)
		}
		before := g.Position()
		if _, err := g.Play(m); err != nil {
			return start, nil, failf("move %d (ply %d): %v", i+1, before.Ply(), err)
		}
	}
	ps := g.Positions()
	return ps[len(ps)-1], ps[:len(ps)-1], nil
}
