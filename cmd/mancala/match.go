package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

const matchUsage = `usage: mancala match VARIANT --a LEVEL --b LEVEL [--games N] [--opt k=v]...
                    [--seed S] [--opening P] [--opening-nodes N] [--opening-lead L]
                    [--max-plies N] [--workers W] [--json] [--games-out FILE]
       mancala match oware --a LEVEL --b-engine "CMD ARGS" [--movetime D [--no-budget]]
                    [--engine-movetime D] [--engine-depth N] [--engine-opt Name=Value]...
                    [--games N] [--opt k=v]... [--seed S] [--opening P]
                    [--opening-nodes N [--opening-lead L]] [--max-plies N]
                    [--workers W] [--json] [--games-out FILE]

Plays a match between two of the bot's levels and prints A's wins, draws
and losses, its score and the Elo difference with its 95% margin.
Colours alternate: every random opening of P plies (default 2) is played
twice, A moving first in one game and second in the other. Ruma is played
by two players (--opt players=2), A holding South and North in one game
and East and West in the other; its games end with a winner, counted as
every seed in play. An opening a
quick search finds already decided (one side more than 5% of the seeds,
at least 2, ahead) is drawn again, up to 64 times, and so is one an
earlier pair started from.

Levels: beginner, easy, medium, hard, expert, perfect.

  --a LEVEL     player A's level
  --b LEVEL     player B's level
  --games N     number of games (default 100; rounded up to even)
  --opt k=v     set a rule option (see "mancala variants"); repeatable
  --seed S      seed of the openings and of the levels' variation (default 1)
  --opening P   random plies before each pair of games (default 2, 0: none)
  --opening-nodes N
                the size of the search that judges an opening balanced
                (default 20000); a larger one where it misjudges the
                game's tactics (Congkak's relays)
  --opening-lead L
                the largest lead, in whole seeds, that search may find
                in an opening it accepts (default 5% of the seeds, at
                least 2); a smaller one where games are decided by a few
                seeds (Congkak)
  --max-plies N stop a game at ply N (counted from the start, the
                opening included; default 2000) and score it as it
                stands by the game's aim: the stores, the rules' score,
                or the seeds each side owns, which in Ohojitxi (whose
                aim is to get rid of them) count against their holder,
                a drop in hand against the side it will land on
  --workers W   games played at once (default: one per CPU)
  --json        print {"a":"hard","b":"medium","games":N,"wins":W,"draws":D,
                "losses":L,"score":0.7,"elo":147.2,"elo_margin":50.1,"cut":C,
                "pairs":{"wins":W,"draws":D,"losses":L},
                "pair_margin":{"mean":4.6,"margin":2.0},"seconds":S}
                (pairs: both games of an opening, by A's summed margin;
                where the opening decides each game whichever level
                plays it, they split one each and the margins show the
                stronger level; pair_margin: the mean of those sums, in
                seeds, with its 95% margin, absent below two pairs)
  --games-out FILE
                write every game to FILE, one JSON object a line as it
                ends: {"game":1,"a_side":"south","start":POSITION,
                "moves":["3","5",...],"margin":4} (games 2i+1 and 2i+2
                share their start; margin: A's, > 0 a win; "cut":true
                for a game stopped at --max-plies)

Against an external engine (Oware only, 4 seeds a pit): B is a program
speaking the UCI-style protocol of Aalina, the Aualé program's engine
(see docs/performance.md). Our rules referee every game: an illegal
move, a crash or no answer in time forfeits the game, which counts as a
win for A and is listed. Aalina plays Abapa rules: use --opt
grand_slam=nocapture --opt repetition=first (a difference is reported).

  --b-engine CMD          the engine's command and arguments, split at
                          spaces (no shell quoting; wrap anything else
                          in a script)
  --movetime D            think time per move for both sides (e.g. 500ms):
                          A's deadline (A may stop sooner on its own
                          budget) and the engine's "go movetime"
  --no-budget             with --movetime: A searches until the deadline,
                          past its node budget (equal time per move; the
                          moves then depend on the machine's load)
  --engine-movetime D     the engine's movetime, if not --movetime
  --engine-depth N        also "go depth N"
  --engine-opt Name=Value engine option, sent with setoption (Aalina:
                          OwnBook, UseLeaves); repeatable
  --opening-nodes N       judge the openings as a level match does (drawn
                          again while a search of N positions finds one
                          side more than --opening-lead seeds ahead);
                          without it they are random, as in the matches
                          measured before it
  --workers W             here one engine process each (default 1)
  --games-out FILE        write every game to FILE, one JSON object a
                          line as it ends: {"game":1,"level_side":"south",
                          "start":POSITION,"moves":["C","d",...],"end":
                          "repetition","margin":-2,"stores":[23,25],
                          "first_recurrence":88} (first_recurrence: the
                          moves from start to the first recurrence
                          before the end, -1 if none)
`

func runMatch(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"opt", listFlag}, flagSpec{"json", boolFlag}, flagSpec{"a", valueFlag}, flagSpec{"b", valueFlag},
		flagSpec{"games", valueFlag}, flagSpec{"seed", valueFlag}, flagSpec{"opening", valueFlag}, flagSpec{"workers", valueFlag},
		flagSpec{"b-engine", valueFlag}, flagSpec{"movetime", valueFlag}, flagSpec{"engine-movetime", valueFlag},
		flagSpec{"engine-depth", valueFlag}, flagSpec{"engine-opt", listFlag}, flagSpec{"games-out", valueFlag},
		flagSpec{"opening-nodes", valueFlag}, flagSpec{"opening-lead", valueFlag}, flagSpec{"no-budget", boolFlag},
		flagSpec{"max-plies", valueFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, matchUsage)
		return nil
	}
	if a.has("b-engine") {
		return runEngineMatch(ctx, a, stdout)
	}
	for _, f := range []string{"movetime", "engine-movetime", "engine-depth"} {
		if a.has(f) {
			return usagef("match: --%s needs --b-engine", f)
		}
	}
	if a.bools["no-budget"] {
		return usagef("match: --no-budget needs --b-engine")
	}
	if len(a.lists["engine-opt"]) > 0 {
		return usagef("match: --engine-opt needs --b-engine")
	}
	switch len(a.pos) {
	case 0:
		return usagef("match: missing VARIANT (run \"mancala variants\" for the list)")
	case 1:
	default:
		return usagef("match: too many arguments (want VARIANT), got %q", a.pos[1])
	}
	levels := [2]search.Level{}
	for i, name := range []string{"a", "b"} {
		v, ok := a.vals[name]
		if !ok {
			return usagef("match: --%s LEVEL is required", name)
		}
		if levels[i], err = search.ParseLevel(v); err != nil {
			return usagef("match: --%s: %v", name, err)
		}
	}
	f, err := parseMatchFlags(a, 0)
	if err != nil {
		return err
	}
	nodes, lead, err := openingJudge(a, 20_000)
	if err != nil {
		return err
	}
	opts := search.MatchOptions{Games: f.games, Workers: f.workers, OpeningPlies: f.opening, Seed: f.seed, OpeningNodes: nodes,
		OpeningLead: lead, MaxPlies: f.maxPlies}
	if opts.OpeningPlies == 0 {
		opts.OpeningPlies = -1
	}
	rules, err := a.rules()
	if err != nil {
		return err
	}
	if _, ok := search.MatchSeats(rules); !ok {
		return usagef("match: %s is not a game of two players (Ruma: --opt players=2)", rules.Variant().ID)
	}
	record, finish, err := openGamesOut[search.GameRecord](a)
	if err != nil {
		return err
	}
	opts.Record = record
	t0 := time.Now()
	res, err := search.PlayMatch(ctx, rules, levels[0], levels[1], opts)
	recErr := finish()
	if err != nil {
		return failf("match: %v (after %d games)", err, res.Games)
	}
	if recErr != nil {
		return recErr
	}
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			matchHead
			pairsJSON
			Cut     int     `json:"cut"`
			Seconds float64 `json:"seconds"`
		}{headOf(levels[0].String(), levels[1].String(), res), pairsOf(res), res.Cut, round1(time.Since(t0).Seconds())})
	}
	fmt.Fprintf(stdout, "%s: A %s vs B %s, %d games\n", rules.Variant().ID, levels[0], levels[1], res.Games)
	writeScore(stdout, res)
	writePairs(stdout, res)
	if res.Cut > 0 {
		fmt.Fprintf(stdout, "%d of the games reached ply %d and were scored as they stood, by the game's aim (see --max-plies)\n", res.Cut, f.maxPlies)
	}
	fmt.Fprintf(stdout, "%s; %.1f s\n", marginLine(rules, res), time.Since(t0).Seconds())
	return nil
}

// openingJudge reads --opening-nodes (default defNodes) and
// --opening-lead (default 0: the match's own limit); the error is a usage
// error naming the flag.
func openingJudge(a *parsedArgs, defNodes int) (nodes uint64, lead float64, err error) {
	n, err := intFlag(a, "opening-nodes", defNodes, 1, 1_000_000_000)
	if err != nil {
		return 0, 0, err
	}
	l, err := intFlag(a, "opening-lead", 0, 1, 1000)
	if err != nil {
		return 0, 0, err
	}
	return uint64(n), float64(l), nil
}

// pairsJSON is a match's pairs of games (one opening, A on each side) in
// its --json line: their count by A's summed margin, and that sum's mean
// with its 95% margin (absent below two pairs).
type pairsJSON struct {
	Pairs struct {
		Wins   int `json:"wins"`
		Draws  int `json:"draws"`
		Losses int `json:"losses"`
	} `json:"pairs"`
	PairMargin struct {
		Mean   float64  `json:"mean"`
		Margin *float64 `json:"margin,omitempty"`
	} `json:"pair_margin"`
}

func pairsOf(res search.MatchResult) pairsJSON {
	var p pairsJSON
	p.Pairs.Wins, p.Pairs.Draws, p.Pairs.Losses = res.PairWins, res.PairDraws, res.PairLosses
	mean, half := res.PairMargin()
	p.PairMargin.Mean = round2(mean)
	if !math.IsInf(half, 0) {
		h := round2(half)
		p.PairMargin.Margin = &h
	}
	return p
}

// writePairs prints the pairs' lines of a match's text report.
func writePairs(w io.Writer, res search.MatchResult) {
	fmt.Fprintf(w, "pairs (one opening, A on each side) by A's summed margin: A wins %d, draws %d, losses %d\n",
		res.PairWins, res.PairDraws, res.PairLosses)
	if mean, half := res.PairMargin(); !math.IsInf(half, 0) {
		fmt.Fprintf(w, "A's summed margin in a pair: %+.2f ± %.2f on average (95%%)\n", mean, half)
	}
}

// openGamesOut creates --games-out's file, if the flag is given. record
// writes one game to it as a JSON line; finish closes it and returns a
// failure naming the flag for the first write or close error. Without the
// flag record is nil and finish returns nil. The error is a failure
// naming the flag when the file cannot be created.
func openGamesOut[T any](a *parsedArgs) (record func(T), finish func() error, err error) {
	name, ok := a.vals["games-out"]
	if !ok {
		return nil, func() error { return nil }, nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil, nil, failf("match: --games-out: %v", err)
	}
	var first error
	record = func(g T) {
		if err := writeJSON(f, g); err != nil && first == nil {
			first = err
		}
	}
	finish = func() error {
		if err := f.Close(); err != nil && first == nil {
			first = err
		}
		if first != nil {
			return failf("match: --games-out: %v", first)
		}
		return nil
	}
	return record, finish, nil
}

// marginLine says how much A won by on average, by the rules' count
// (engine.Position.FinalMargin): the stores' difference where the game
// keeps stores, else the rules' score or the seeds each side owns at the
// end (a won game the count does not favour counts every seed).
func marginLine(rules engine.Rules, res search.MatchResult) string {
	avg := float64(res.Margin) / math.Max(1, float64(res.Games))
	if seats, _ := search.MatchSeats(rules); seats[1] != engine.North {
		return fmt.Sprintf("average margin for A: %+.2f (%s with two players: a won game counts every seed in play)", avg, rules.Variant().ID)
	}
	if rules.Layout().Store(engine.South) == engine.NoCell {
		return fmt.Sprintf("average margin for A: %+.2f (%s keeps no stores: the seeds each side owns at the end, or every seed in play for a winner that count does not favour)", avg, rules.Variant().ID)
	}
	if _, _, scored := rules.Start().Scores(); scored {
		return fmt.Sprintf("average margin for A: %+.2f (%s counts the rules' score: store, traps and own pits)", avg, rules.Variant().ID)
	}
	return fmt.Sprintf("average store margin for A: %+.2f", avg)
}

// round1 rounds x to one decimal; a result of zero is +0, never the "-0"
// a slightly negative x would print.
func round1(x float64) float64 { return math.Round(x*10)/10 + 0 }
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }
func round2(x float64) float64 { return math.Round(x*100)/100 + 0 }

// matchFlags are the flags both kinds of match take.
type matchFlags struct {
	games, workers, opening, maxPlies int
	seed                              int64
}

// parseMatchFlags reads --games (default 100), --workers (default
// workers), --opening (default 2), --max-plies (default 2000) and --seed
// (default 1); the error is a usage error naming the flag.
func parseMatchFlags(a *parsedArgs, workers int) (matchFlags, error) {
	var f matchFlags
	var err error
	if f.games, err = intFlag(a, "games", 100, 1, 1_000_000); err != nil {
		return f, err
	}
	if f.workers, err = intFlag(a, "workers", workers, 1, 256); err != nil {
		return f, err
	}
	if f.opening, err = intFlag(a, "opening", 2, 0, 100); err != nil {
		return f, err
	}
	if f.maxPlies, err = intFlag(a, "max-plies", 2000, 1, 1_000_000); err != nil {
		return f, err
	}
	f.seed = 1
	if v, ok := a.vals["seed"]; ok {
		if f.seed, err = strconv.ParseInt(v, 10, 64); err != nil {
			return f, usagef("--seed %q: want a whole number", v)
		}
	}
	return f, nil
}

// matchScore is a tally from A's side as --json prints it.
type matchScore struct {
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	Score     float64 `json:"score"`
	Elo       float64 `json:"elo"`
	EloMargin float64 `json:"elo_margin"`
}

// scoreOf is r as --json prints it.
func scoreOf(r search.MatchResult) matchScore {
	elo, margin := r.Elo()
	return matchScore{r.Wins, r.Draws, r.Losses, round3(r.Score()), round1(elo), round1(margin)}
}

// matchHead begins a match's --json: who played, how many games, A's
// tally.
type matchHead struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
	matchScore
}

// headOf is the head of the --json of a match between a and b.
func headOf(a, b string, r search.MatchResult) matchHead {
	return matchHead{a, b, r.Games, scoreOf(r)}
}

// writeScore writes A's wins, draws and losses, its score and the Elo
// difference with its margin (a bound after a clean sweep).
func writeScore(w io.Writer, r search.MatchResult) {
	elo, margin := r.Elo()
	elo = math.Round(elo) + 0 // +0, not "-0", for an even score
	fmt.Fprintf(w, "A wins %d, draws %d, losses %d: score %.1f%%\n", r.Wins, r.Draws, r.Losses, 100*r.Score())
	bound := ""
	if r.Wins == r.Games || r.Losses == r.Games {
		bound = " (a clean sweep: a bound, not an estimate)"
	}
	fmt.Fprintf(w, "Elo difference A-B: %+.0f ± %.0f (95%%)%s\n", elo, margin, bound)
}
