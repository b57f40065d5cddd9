package main

import (
	"context"
	"fmt"
	"io"

	"github.com/mancala-bot/mancala/search"
	"github.com/mancala-bot/mancala/search/uci"
)

const engineUsage = `usage: mancala engine oware [--level LEVEL] [--no-budget] [--opt k=v]...

Runs one of the bot's levels as an engine that speaks the UCI-style
protocol Aalina speaks, on standard input and output, until "quit" or the
end of the input: so that "mancala match --b-engine" can play a level of
this build against a level of another build (the previous version), or
any program that drives such engines can play it. Oware only (4 seeds a
pit, ordinary sowing); the rules options must be the same on both sides
(--opt grand_slam=nocapture --opt repetition=first for Abapa).

  --level LEVEL  the level that plays (default expert)
  --no-budget    the level searches past its node budget, to the end of
                 "go movetime" (at most 2 s without one), as "mancala
                 match --no-budget" does for player A
  --opt k=v      set a rule option (see "mancala variants"); repeatable

"go movetime MS" limits a search to MS milliseconds (the level's own
budget still applies unless --no-budget); "stop" ends it with the best
move so far.
`

func runEngine(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args, flagSpec{"opt", listFlag}, flagSpec{"level", valueFlag}, flagSpec{"no-budget", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, engineUsage)
		return nil
	}
	switch len(a.pos) {
	case 0:
		return usagef("engine: missing VARIANT (oware)")
	case 1:
	default:
		return usagef("engine: too many arguments (want VARIANT), got %q", a.pos[1])
	}
	level := search.Expert
	if v, ok := a.vals["level"]; ok {
		if level, err = search.ParseLevel(v); err != nil {
			return usagef("engine: %v", err)
		}
	}
	rules, err := a.rules()
	if err != nil {
		return err
	}
	if err := uci.CheckRules(rules); err != nil {
		return usagef("engine: %v", err)
	}
	// The endgame database the level consults, if it is in the cache (a
	// build would hold up the handshake).
	if err := search.LoadCached(ctx); err != nil {
		return failf("engine: %v", err)
	}
	if a.bools["no-budget"] {
		ctx = search.WithoutNodeBudget(ctx)
	}
	if err := uci.Serve(ctx, rules, level, stdin, stdout); err != nil {
		return failf("engine: %v", err)
	}
	return nil
}
