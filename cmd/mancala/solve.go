package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

const solveUsage = `usage: mancala solve VARIANT [--opt k=v]... [--from FILE.json] [MOVES...] [--json]
                    [--memory MB] [--db-seeds N] [--threads N] [--max-nodes N]
                    [--timeout D] [--build-db] [--quiet] [--count]

Solves the position exactly: from the variant's start, or from the position
in FILE ("-" reads standard input; VARIANT may then be left out), after the
MOVES if any.

Two-player games: prints the value with perfect play, as the final store
margin for the side to move (positive: that side wins by that many seeds),
and a best move. Kalah is solved by a dedicated solver with an endgame
database built on first use and kept in the cache directory
($MANCALA_CACHE_DIR, else the user cache directory's "mancala"); other
games and Kalah's pie rule go through the generic solver, which can take
small positions only. Oware (any grand_slam; not cross) with at most 12 seeds in the
pits (up to 20 once "mancala book oware" has built a larger database) is
answered at once from its endgame database (built on first use, about
12 s, and kept in the same directory): exactly where play cannot go
round in cycles, the margin then counted to the end of the board (the
majority rule may end the game sooner, with the same winner); elsewhere
with the bounds it proves (exit status 3, "limit":"repetition" in JSON).
Where it is cheap (at most a million positions reachable), the
game's own value, majority rule included, is worked out too and given
as the value (JSON: "board_end_lower"/"board_end_upper" then hold the
database's margins).

Every solve is limited: by default to 60 seconds, the build of an endgame
database included (a build cut short keeps nothing). Kalah's database is
built in the cache up to 100 MB (18 seeds for six pits, 13 for eight); a
larger one is used when it is in the cache already, and built there only
with --build-db (the 22-seed one for six pits is 548 MB and takes a few
minutes: give --timeout 0 or a longer one). When the limit comes first
the answer says so, with what was found: the bounds proven on the value,
the best move so far and the depth searched, e.g.
  too large to solve exactly within 1m0s; best found so far: move 3, value ≥ +2 (depth 14)
Every few seconds of a long solve a progress line goes to stderr (depth or
bounds reached, nodes, nodes per second).

Solitaires (tchuka): says whether the board can be cleared and prints the
first solution in ascending pit order; --count also counts the solutions.

  --opt k=v       set a rule option (see "mancala variants"); repeatable
  --from FILE     start from this position JSON
  --json          print {"exact":true,"value":V,"best":"3","nodes":N,"seconds":S};
                  at the limit {"exact":false,"limit":"time"|"nodes","lower":L,
                  "upper":U,"best":"3","best_proven":B,"depth":D,"nodes":N,"seconds":S}
                  (best_proven: best is proven to reach lower; "best" is ""
                  when nothing was found)
                  (solitaires: {"solvable":true,"solution":[3,4],"solutions":N})
  --memory MB     memory for the table and the database (default 1024)
  --db-seeds N    Kalah endgame database size in seeds (default 22; -1: none);
                  Oware's (default: the largest in the cache, else 12;
                  at most 20, above 14 only once built by "mancala book
                  oware"; -1: none)
  --threads N     Kalah: search with N threads (default: one per CPU)
  --max-nodes N   give up after N positions (default 0: no node limit)
  --timeout D     give up after this long, database build included (default
                  60s; 0: no limit)
  --build-db      Kalah: build a database over 100 MB in the cache if needed
  --quiet         no progress lines on stderr
  --count         solitaires: count the solutions too

Exit status: 0 when solved, 3 when a limit came first (the answer above is
printed all the same, and stderr says which limit), 1 for bad input or an
interrupted solve, 2 for a wrong command line.
`

// defaultSolveTimeout is the time of a solve without --timeout.
const defaultSolveTimeout = time.Minute

// solveBuildMB is the largest Kalah endgame database solve writes to the
// cache without --build-db.
const solveBuildMB = 100

// exitLimit is the exit code of a solve that hit its limit.
const exitLimit = 3

// The progress lines of long solves: every solveProgressEvery, on
// solveStderr (variables for the tests).
var (
	solveProgressEvery           = 5 * time.Second
	solveStderr        io.Writer = os.Stderr
)

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"opt", listFlag}, flagSpec{"from", valueFlag}, flagSpec{"json", boolFlag},
		flagSpec{"memory", valueFlag}, flagSpec{"db-seeds", valueFlag}, flagSpec{"max-nodes", valueFlag},
		flagSpec{"timeout", valueFlag}, flagSpec{"count", boolFlag}, flagSpec{"threads", valueFlag},
		flagSpec{"quiet", boolFlag}, flagSpec{"build-db", boolFlag})
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
	opts := search.SolveOptions{History: hist, Threads: runtime.NumCPU(), Time: defaultSolveTimeout}
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
		if err != nil {
			return usagef("--max-nodes %q: want a whole number (0: no limit)", v)
		}
		opts.MaxNodes = n
	}
	if v, ok := a.vals["timeout"]; ok {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return usagef("--timeout %q: want a duration such as 30s or 5m (0: no limit)", v)
		}
		opts.Time = d
	}

	if p.Rules().Layout().Sides == 1 {
		return solveSolitaire(ctx, a, p, opts.Time, stdout)
	}
	if a.bools["count"] {
		return usagef("solve: --count is for solitaires")
	}
	if p.Status() != engine.Ongoing {
		return failf("solve: the game is over (%s)", statusWords(p.Status(), p.EndReason()))
	}
	if !a.bools["build-db"] {
		opts.MaxBuildMB = solveBuildMB
	}
	// The limit covers the databases' builds too (opts.Time alone counts
	// from the end of the build): a build cut short keeps nothing.
	sctx := ctx
	if opts.Time > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, opts.Time)
		defer cancel()
	}
	if done, err := solveOwareDB(sctx, a, p, hist, opts, stdout); done {
		return err
	}
	if !a.bools["quiet"] {
		opts.Progress = progressPrinter(solveStderr, solveProgressEvery)
	}
	res, err := search.Solve(sctx, p, opts)
	if res.DBWanted > 0 && !a.bools["quiet"] {
		fmt.Fprintf(solveStderr, "solve: the %d-seed endgame database (%d MB) is not in the cache and was not built; --build-db builds it there (it takes minutes: give --timeout 0 or a longer one)\n",
			res.DBWanted, (res.DBWantedBytes+500_000)/1_000_000)
	}
	if err != nil {
		limit := ""
		switch {
		case errors.Is(err, search.ErrTooLarge):
			limit = "nodes"
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
			limit = "time"
		default:
			return solveError(err, res.Nodes)
		}
		return solveLimited(a, p, opts, res, limit, stdout)
	}
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			Exact   bool    `json:"exact"`
			Value   int     `json:"value"`
			Best    string  `json:"best"`
			Nodes   uint64  `json:"nodes"`
			Seconds float64 `json:"seconds"`
		}{true, res.Value, res.Best.String(), res.Nodes, res.Elapsed.Seconds()})
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
	printSolveStats(stdout, res)
	return nil
}

func printSolveStats(w io.Writer, res search.Result) {
	secs := res.Elapsed.Seconds()
	fmt.Fprintf(w, "nodes: %d in %.3f s (%.0f nodes/s)\n", res.Nodes, secs, float64(res.Nodes)/max(secs-res.DBTime.Seconds(), 1e-9))
	if res.DBSeeds >= 0 {
		how := "loaded"
		if res.DBBuilt {
			how = "built"
		}
		fmt.Fprintf(w, "endgame database: up to %d seeds, %s in %.3f s\n", res.DBSeeds, how, res.DBTime.Seconds())
	}
}

// limitWords names the limit that stopped a solve: "1m0s", "1000 nodes".
func limitWords(opts search.SolveOptions, limit string) string {
	if limit == "nodes" {
		return fmt.Sprintf("%d nodes", opts.MaxNodes)
	}
	return opts.Time.String()
}

// boundWords says what the bounds prove of the value: "value ≥ +2",
// "value between -4 and +6", "value not bounded yet".
func boundWords(lo, hi, seeds int) string {
	switch {
	case lo > -seeds && hi < seeds:
		return fmt.Sprintf("value between %+d and %+d", lo, hi)
	case lo > -seeds:
		return fmt.Sprintf("value ≥ %+d", lo)
	case hi < seeds:
		return fmt.Sprintf("value ≤ %+d", hi)
	}
	return "value not bounded yet"
}

// solveLimited prints what a solve stopped by its limit found, and returns
// the error for the exit code (exitLimit).
func solveLimited(a *parsedArgs, p engine.Position, opts search.SolveOptions, res search.Result, limit string, stdout io.Writer) error {
	within := limitWords(opts, limit)
	best := ""
	if res.Best != (engine.Move{}) {
		best = res.Best.String()
	}
	if a.bools["json"] {
		if err := writeJSON(stdout, boundsJSON{false, limit, res.Lower, res.Upper, best, res.BestProven, res.Depth, res.Nodes, res.Elapsed.Seconds(), 0, false}); err != nil {
			return err
		}
	} else {
		found := "nothing found yet"
		if best != "" {
			found = fmt.Sprintf("best found so far: move %s, %s", best, boundWords(res.Lower, res.Upper, p.Seeds()))
			if res.Depth > 0 {
				found += fmt.Sprintf(" (depth %d)", res.Depth)
			}
		} else if b := boundWords(res.Lower, res.Upper, p.Seeds()); b != "value not bounded yet" {
			found = b
		}
		fmt.Fprintf(stdout, "too large to solve exactly within %s; %s\n", within, found)
		printSolveStats(stdout, res)
	}
	flag := "--timeout"
	if limit == "nodes" {
		flag = "--max-nodes"
	}
	return &cliError{code: exitLimit, msg: fmt.Sprintf("solve: not solved exactly within %s (%s)", within, flag)}
}

// progressPrinter returns a Progress callback that prints a line to w at
// most every interval (0: every report).
func progressPrinter(w io.Writer, every time.Duration) func(search.Progress) {
	var last time.Duration
	return func(pr search.Progress) {
		if pr.Elapsed-last < every || (every > 0 && pr.Elapsed < every) {
			return
		}
		last = pr.Elapsed
		secs := pr.Elapsed.Seconds()
		var what string
		switch pr.Stage {
		case "database":
			what = fmt.Sprintf("building the endgame database: %d of %d seeds", pr.DBDone, pr.DBSeeds)
		case "exact":
			what = fmt.Sprintf("exact search, depth %d done, value in [%+d, %+d]", pr.Depth, pr.Lower, pr.Upper)
		default:
			what = fmt.Sprintf("depth %d", pr.Depth)
		}
		if pr.Best != (engine.Move{}) {
			what += fmt.Sprintf(", best %s", pr.Best)
		}
		fmt.Fprintf(w, "solve: %.1f s: %s; %d nodes (%.0f nodes/s)\n", secs, what, pr.Nodes, float64(pr.Nodes)/max(secs, 1e-9))
	}
}

func solveSolitaire(ctx context.Context, a *parsedArgs, p engine.Position, limit time.Duration, stdout io.Writer) error {
	sctx := ctx
	if limit > 0 {
		var cancel context.CancelFunc
		sctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	res, err := search.SolveSolitaire(sctx, p, a.bools["count"])
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		if a.bools["json"] {
			if err := writeJSON(stdout, struct {
				Exact bool   `json:"exact"`
				Limit string `json:"limit"`
			}{false, "time"}); err != nil {
				return err
			}
		} else {
			fmt.Fprintf(stdout, "too large to solve exactly within %s; nothing found yet\n", limit)
		}
		return &cliError{code: exitLimit, msg: fmt.Sprintf("solve: not solved exactly within %s (--timeout)", limit)}
	}
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

// boundsJSON is solve's JSON answer when the value is not exact: the
// proven bounds and the best move found. An Oware answer from the endgame
// database adds its size (Database) and that the margins count play to
// the end of the board (ToBoardEnd); other answers leave both out.
type boundsJSON struct {
	Exact      bool    `json:"exact"`
	Limit      string  `json:"limit"`
	Lower      int     `json:"lower"`
	Upper      int     `json:"upper"`
	Best       string  `json:"best"`
	BestProven bool    `json:"best_proven"`
	Depth      int     `json:"depth"`
	Nodes      uint64  `json:"nodes"`
	Seconds    float64 `json:"seconds"`
	Database   int     `json:"database_seeds,omitempty"`
	ToBoardEnd bool    `json:"to_board_end,omitempty"`
}
