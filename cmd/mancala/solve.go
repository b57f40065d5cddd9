package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

const solveUsage = `usage: mancala solve VARIANT [--opt k=v]... [--from FILE.json] [MOVES...] [--json]
                    [--memory MB] [--db-seeds N] [--threads N] [--max-nodes N]
                    [--timeout D] [--count]

Solves the position exactly: from the variant's start, or from the position
in FILE ("-" reads standard input; VARIANT may then be left out), after the
MOVES if any.

Two-player games: prints the value with perfect play, as the final store
margin for the side to move (positive: that side wins by that many seeds),
and a best move. Kalah is solved by a dedicated solver with an endgame
database built on first use and kept in the cache directory
($MANCALA_CACHE_DIR, else the user cache directory's "mancala"); other
games and Kalah's pie rule go through the generic solver, which can take
small positions only.

Solitaires (tchuka): says whether the board can be cleared and prints the
first solution in ascending pit order; --count also counts the solutions.

  --opt k=v       set a rule option (see "mancala variants"); repeatable
  --from FILE     start from this position JSON
  --json          print {"value":V,"best":"3","nodes":N,"seconds":S}
                  (solitaires: {"solvable":true,"solution":[3,4],"solutions":N})
  --memory MB     memory for the table and the database (default 1024)
  --db-seeds N    Kalah endgame database size in seeds (default 22; -1: none)
  --threads N     Kalah: search with N threads (default: one per CPU)
  --max-nodes N   give up after N positions
  --timeout D     give up after this long (e.g. 30s, 5m)
  --count         solitaires: count the solutions too
`

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"opt", listFlag}, flagSpec{"from", valueFlag}, flagSpec{"json", boolFlag},
		flagSpec{"memory", valueFlag}, flagSpec{"db-seeds", valueFlag}, flagSpec{"max-nodes", valueFlag},
		flagSpec{"timeout", valueFlag}, flagSpec{"count", boolFlag}, flagSpec{"threads", valueFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, solveUsage)
		return nil
	}
	p, hist, err := gameAfterMoves(a, stdin, "solve")
	if err != nil {
		return err
	}
	opts := search.SolveOptions{History: hist, Threads: runtime.NumCPU()}
	if opts.Threads, err = intFlag(a, "threads", opts.Threads, 1, 64); err != nil {
		return err
	}
	if opts.MemoryMB, err = intFlag(a, "memory", 0, 16, 1<<20); err != nil {
		return err
	}
	if opts.DBSeeds, err = intFlag(a, "db-seeds", 0, -1, 40); err != nil {
		return err
	}
	if v, ok := a.vals["max-nodes"]; ok {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || n == 0 {
			return usagef("--max-nodes %q: want a positive whole number", v)
		}
		opts.MaxNodes = n
	}
	if v, ok := a.vals["timeout"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return usagef("--timeout %q: want a duration such as 30s or 5m", v)
		}
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}

	if p.Rules().Layout().Sides == 1 {
		return solveSolitaire(ctx, a, p, stdout)
	}
	if a.bools["count"] {
		return usagef("solve: --count is for solitaires")
	}
	if p.Status() != engine.Ongoing {
		return failf("solve: the game is over (%s)", statusWords(p.Status(), p.EndReason()))
	}
	res, err := search.Solve(ctx, p, opts)
	if err != nil {
		return solveError(err, res.Nodes)
	}
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			Value   int     `json:"value"`
			Best    string  `json:"best"`
			Nodes   uint64  `json:"nodes"`
			Seconds float64 `json:"seconds"`
		}{res.Value, res.Best.String(), res.Nodes, res.Elapsed.Seconds()})
	}
	me := p.ToMove()
	verdict := "a draw"
	switch {
	case res.Value > 0:
		verdict = fmt.Sprintf("%s (to move) wins by %d", me, res.Value)
	case res.Value < 0:
		verdict = fmt.Sprintf("%s wins by %d", 1-me, -res.Value)
	}
	fmt.Fprintf(stdout, "value: %+d (%s with perfect play)\n", res.Value, verdict)
	fmt.Fprintf(stdout, "best move: %s\n", res.Best)
	secs := res.Elapsed.Seconds()
	fmt.Fprintf(stdout, "nodes: %d in %.3f s (%.0f nodes/s)\n", res.Nodes, secs, float64(res.Nodes)/max(secs-res.DBTime.Seconds(), 1e-9))
	if res.DBSeeds >= 0 {
		how := "loaded"
		if res.DBBuilt {
			how = "built"
		}
		fmt.Fprintf(stdout, "endgame database: up to %d seeds, %s in %.3f s\n", res.DBSeeds, how, res.DBTime.Seconds())
	}
	return nil
}

func solveSolitaire(ctx context.Context, a *parsedArgs, p engine.Position, stdout io.Writer) error {
	res, err := search.SolveSolitaire(ctx, p, a.bools["count"])
	if err != nil {
		return solveError(err, 0)
	}
	if a.bools["json"] {
		out := struct {
			Solvable  bool    `json:"solvable"`
			Solution  []int   `json:"solution"`
			Solutions *uint64 `json:"solutions,omitempty"`
		}{res.Solvable, res.Solution, nil}
		if a.bools["count"] {
			out.Solutions = &res.Solutions
		}
		return writeJSON(stdout, out)
	}
	if !res.Solvable {
		fmt.Fprintln(stdout, "not solvable: no sequence of moves clears the board")
	} else {
		fmt.Fprintf(stdout, "solvable: %s\n", pitList(res.Solution))
	}
	if a.bools["count"] {
		fmt.Fprintf(stdout, "solutions: %d\n", res.Solutions)
	}
	return nil
}

func pitList(pits []int) string {
	if len(pits) == 0 {
		return "(nothing to play: the board is clear)"
	}
	s := ""
	for i, p := range pits {
		if i > 0 {
			s += " "
		}
		s += strconv.Itoa(p)
	}
	return s
}

// solveError turns the solver's errors into the tool's.
func solveError(err error, nodes uint64) error {
	switch {
	case errors.Is(err, search.ErrTooLarge):
		return failf("solve: gave up after %d nodes: the position is too large for --max-nodes", nodes)
	case errors.Is(err, context.DeadlineExceeded):
		return failf("solve: gave up at the --timeout after %d nodes", nodes)
	case errors.Is(err, context.Canceled):
		return failf("solve: interrupted")
	case errors.Is(err, search.ErrGameOver):
		return failf("solve: the game is over")
	}
	return failf("solve: %v", err)
}

// intFlag reads an integer flag within lo..hi (def when absent).
func intFlag(a *parsedArgs, name string, def, lo, hi int) (int, error) {
	v, ok := a.vals[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, usagef("--%s %q: want a whole number from %d to %d", name, v, lo, hi)
	}
	return n, nil
}

func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
