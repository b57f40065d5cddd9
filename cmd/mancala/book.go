package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

const bookUsage = `usage: mancala book kalah [--opt k=v]... [--db-seeds N] [--threads N]
                   [--memory MB] [--json] [--quiet]
       mancala book oware [--opt grand_slam=R] [--db-seeds N] [--json] [--quiet]

Builds the perfect level's opening book for a Kalah game (without the pie
rule) and keeps it in the cache directory ($MANCALA_CACHE_DIR, else the
user cache directory's "mancala") with the endgame database it uses: the
proven value and best move of every board the perfect level can meet, as
South or North, against every reply, until the exact solve from the board
fits in the level's move budget. With the book and its database in the
cache, the perfect level plays exactly from the first move (a lookup in
the book, then its own solve) and is offered for that game.

Kalah(6,4) with the 22-seed database (548 MB, built first if missing, a
few minutes): a few minutes more on two cores.

  --opt k=v       set a rule option (see "mancala variants"); repeatable
  --db-seeds N    the endgame database, in seeds (default 22)
  --threads N     threads of the long solves (default: one per CPU)
  --memory MB     transposition table of the long solves (default 256)
  --json          print {"boards":B,"deep":D,"nodes":N,"seconds":S,
                  "db_seeds":K,"db_seconds":S,"complete":true,"path":"..."}
  --quiet         no progress lines on stderr

For Oware it builds the endgame database of every board with up to N
seeds in the pits (--db-seeds, default and at most 20) in the same
directory, for the grand-slam rule --opt grand_slam= names (capture, the
default; nocapture; forbidden: each has a database of its own; Oware with
cross-sowing has none, and the other options do not change it). The
perfect level, Hard and Expert, "mancala solve" and "mancala analyze"
then use the largest there for games under that rule instead of the
12-seed one they build on first use (a bot picks it up when it next
starts). 20 seeds: 226 million boards, 903 MB on disk and in memory,
about 20 minutes on two cores. A whole database already there is kept.
  --json          print {"seeds":K,"grand_slam":"capture","boards":B,
                  "exact":E,"bytes":N,"seconds":S,"cached":false,
                  "path":"..."}

Exit status: 0 when built, 1 for an interrupted build (what was built is
saved, marked incomplete) or a failure, 2 for a wrong command line.
`

// bookProgressEvery is how often a book build prints a progress line.
var bookProgressEvery = 5 * time.Second

func runBook(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args, flagSpec{"opt", listFlag}, flagSpec{"json", boolFlag}, flagSpec{"db-seeds", valueFlag},
		flagSpec{"threads", valueFlag}, flagSpec{"memory", valueFlag}, flagSpec{"quiet", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, bookUsage)
		return nil
	}
	switch len(a.pos) {
	case 0:
		return usagef("book: missing VARIANT (kalah or oware)")
	case 1:
	default:
		return usagef("book: too many arguments (want VARIANT), got %q", a.pos[1])
	}
	if a.pos[0] == "oware" {
		return runOwareBook(ctx, a, stdout)
	}
	var opts search.KalahBookOptions
	if opts.DBSeeds, err = intFlag(a, "db-seeds", search.DefaultDBSeeds, 1, 40); err != nil {
		return err
	}
	if opts.Threads, err = intFlag(a, "threads", runtime.NumCPU(), 1, 64); err != nil {
		return err
	}
	if opts.TableMB, err = intFlag(a, "memory", 256, 16, 1<<16); err != nil {
		return err
	}
	eopts, err := a.options()
	if err != nil {
		return err
	}
	rules, err := engine.New(a.pos[0], eopts)
	if err != nil {
		return usagef("%v", err)
	}
	if !a.bools["quiet"] {
		last := time.Now()
		opts.Progress = func(st search.KalahBookStats) {
			if time.Since(last) >= bookProgressEvery {
				last = time.Now()
				fmt.Fprintf(solveStderr, "book: %.1f s: %d boards (%d past the budget), %d nodes\n", st.Elapsed.Seconds(), st.Boards, st.Deep, st.Nodes)
			}
		}
	}
	st, err := search.BuildKalahBook(ctx, rules, opts)
	switch {
	case errors.Is(err, search.ErrNotKalah):
		return usagef("book: %v", err)
	case err != nil && st.Boards > 0:
		return failf("book: interrupted after %d boards (saved, incomplete, in %s): %v", st.Boards, st.Path, err)
	case err != nil:
		return failf("book: %v", err)
	}
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			Boards    int     `json:"boards"`
			Deep      int     `json:"deep"`
			Nodes     uint64  `json:"nodes"`
			Seconds   float64 `json:"seconds"`
			DBSeeds   int     `json:"db_seeds"`
			DBSeconds float64 `json:"db_seconds"`
			Complete  bool    `json:"complete"`
			Path      string  `json:"path"`
		}{st.Boards, st.Deep, st.Nodes, round1(st.Elapsed.Seconds()), st.DBSeeds, round1(st.DBTime.Seconds()), st.Complete, st.Path})
	}
	fmt.Fprintf(stdout, "%s: opening book of %d boards (%d past the perfect level's budget), complete\n", rules.Variant().ID, st.Boards, st.Deep)
	fmt.Fprintf(stdout, "nodes: %d in %.1f s; endgame database: %d seeds (%.1f s)\n", st.Nodes, st.Elapsed.Seconds(), st.DBSeeds, st.DBTime.Seconds())
	fmt.Fprintf(stdout, "file: %s\n", st.Path)
	return nil
}

// runOwareBook builds (or finds) the Oware endgame database in the cache:
// "mancala book oware".
func runOwareBook(ctx context.Context, a *parsedArgs, stdout io.Writer) error {
	for _, f := range []string{"threads", "memory"} {
		if a.has(f) {
			return usagef("book oware: --%s applies to Kalah's book only (Oware's database uses every CPU)", f)
		}
	}
	seeds, err := intFlag(a, "db-seeds", search.MaxOwareDBSeeds, 1, search.MaxOwareDBSeeds)
	if err != nil {
		return err
	}
	eopts, err := a.options()
	if err != nil {
		return err
	}
	rules, err := engine.New("oware", eopts)
	if err != nil {
		return usagef("%v", err)
	}
	if !search.ExactInEndgames(rules) {
		return usagef("book oware: no endgame database for Oware with cross-sowing")
	}
	var progress func(int, time.Duration)
	if !a.bools["quiet"] {
		progress = func(level int, elapsed time.Duration) {
			fmt.Fprintf(solveStderr, "book: %.1f s: boards of %d seeds solved (of %d)\n", elapsed.Seconds(), level, seeds)
		}
	}
	st, err := search.BuildOwareDB(ctx, rules, seeds, progress)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return failf("book: interrupted (nothing saved)")
		}
		return failf("book: %v", err)
	}
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			Seeds     int     `json:"seeds"`
			GrandSlam string  `json:"grand_slam"`
			Boards    uint64  `json:"boards"`
			Exact     uint64  `json:"exact"`
			Bytes     int64   `json:"bytes"`
			Seconds   float64 `json:"seconds"`
			Cached    bool    `json:"cached"`
			Path      string  `json:"path"`
		}{st.Seeds, rules.Options()["grand_slam"], st.Boards, st.Exact, st.Bytes, round1(st.Elapsed.Seconds()), st.Cached, st.Path})
	}
	how := fmt.Sprintf("built in %.1f s", st.Elapsed.Seconds())
	if st.Cached {
		how = "already in the cache"
	}
	name := "oware"
	if gs := rules.Options()["grand_slam"]; gs != "capture" {
		name += " (grand_slam=" + gs + ")"
	}
	fmt.Fprintf(stdout, "%s: endgame database of every board with up to %d seeds, %s\n", name, st.Seeds, how)
	fmt.Fprintf(stdout, "boards: %d, %d with an exact value (%.1f %%); %.1f MB\n", st.Boards, st.Exact, 100*float64(st.Exact)/float64(max(st.Boards, 1)), float64(st.Bytes)/1e6)
	fmt.Fprintf(stdout, "file: %s\n", st.Path)
	return nil
}
