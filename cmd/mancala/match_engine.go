package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/search"
	"github.com/mancala-bot/mancala/search/uci"
)

// runEngineMatch is "mancala match oware --a LEVEL --b-engine CMD ...":
// one of our levels against an external UCI-style engine (package uci).
func runEngineMatch(ctx context.Context, a *parsedArgs, stdout io.Writer) error {
	switch len(a.pos) {
	case 0:
		return usagef("match: missing VARIANT (oware)")
	case 1:
	default:
		return usagef("match: too many arguments (want VARIANT), got %q", a.pos[1])
	}
	if a.has("b") {
		return usagef("match: give --b LEVEL or --b-engine CMD, not both")
	}
	v, ok := a.vals["a"]
	if !ok {
		return usagef("match: --a LEVEL is required")
	}
	level, err := search.ParseLevel(v)
	if err != nil {
		return usagef("match: --a: %v", err)
	}
	opts := uci.MatchOptions{Command: strings.Fields(a.vals["b-engine"])}
	if len(opts.Command) == 0 {
		return usagef("match: --b-engine: empty command")
	}
	for _, s := range a.lists["engine-opt"] {
		o, err := uci.ParseOption(s)
		if err != nil {
			return usagef("match: --engine-opt: %v", err)
		}
		opts.EngineOptions = append(opts.EngineOptions, o)
	}
	duration := func(name string) (time.Duration, error) {
		v, ok := a.vals[name]
		if !ok {
			return 0, nil
		}
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return 0, usagef("--%s %q: want a duration such as 500ms or 2s", name, v)
		}
		return d, nil
	}
	if opts.LevelTime, err = duration("movetime"); err != nil {
		return err
	}
	opts.EngineLimits.MoveTime = opts.LevelTime
	if opts.LevelNoBudget = a.bools["no-budget"]; opts.LevelNoBudget && opts.LevelTime == 0 {
		return usagef("match: --no-budget needs --movetime (the deadline the level then searches to)")
	}
	if d, err := duration("engine-movetime"); err != nil {
		return err
	} else if d > 0 {
		opts.EngineLimits.MoveTime = d
	}
	if opts.EngineLimits.Depth, err = intFlag(a, "engine-depth", 0, 1, 127); err != nil {
		return err
	}
	if opts.EngineLimits.MoveTime == 0 && opts.EngineLimits.Depth == 0 {
		return usagef("match: give the engine a limit: --movetime, --engine-movetime or --engine-depth")
	}
	f, err := parseMatchFlags(a, 1)
	if err != nil {
		return err
	}
	opts.Games, opts.Workers, opts.OpeningPlies, opts.Seed, opts.MaxPlies = f.games, f.workers, f.opening, f.seed, f.maxPlies
	if a.has("opening-nodes") {
		if opts.OpeningNodes, opts.OpeningLead, err = openingJudge(a, 0); err != nil {
			return err
		}
	} else if a.has("opening-lead") {
		return usagef("match: --opening-lead with --b-engine needs --opening-nodes (without it the openings are not judged)")
	}
	rules, err := a.rules()
	if err != nil {
		return err
	}
	if err := uci.CheckRules(rules); err != nil {
		return usagef("match: %v", err)
	}
	// Our level consults the endgame databases already in the cache from
	// the first move, as the bot does ("mancala book oware" builds them);
	// a build here would cost each match its time.
	if err := search.LoadCached(ctx); err != nil {
		return failf("match: %v", err)
	}
	record, finish, err := openGamesOut[uci.GameRecord](a)
	if err != nil {
		return err
	}
	opts.Record = record
	t0 := time.Now()
	res, err := uci.PlayMatch(ctx, rules, level, opts)
	recErr := finish()
	if err != nil {
		return failf("match: %v (after %d games)", err, res.Games)
	}
	if recErr != nil {
		return recErr
	}
	perMove := func(d time.Duration, n int) float64 {
		if n == 0 {
			return 0
		}
		return d.Seconds() / float64(n)
	}
	diffs := uci.AbapaDifferences(rules)
	if a.bools["json"] {
		return writeJSON(stdout, struct {
			matchHead
			pairsJSON
			Forfeits        []string            `json:"forfeits"`
			Disagreements   int                 `json:"disagreements"`
			Ends            map[string]uci.Side `json:"ends"`
			ASecondsPerMove float64             `json:"a_seconds_per_move"`
			BSecondsPerMove float64             `json:"b_seconds_per_move"`
			BMedianDepth    float64             `json:"b_median_depth"`
			RuleDifferences []string            `json:"rule_differences"`
			Recurrences     int                 `json:"recurrences"`
			FirstRecurrence matchScore          `json:"first_recurrence"`
			Seconds         float64             `json:"seconds"`
		}{headOf(level.String(), a.vals["b-engine"], res.MatchResult), pairsOf(res.MatchResult), nonNil(res.Forfeits), res.Disagreements, res.Ends,
			round3(perMove(res.LevelTime, res.LevelMoves)), round3(perMove(res.EngineTime, res.EngineMoves)),
			res.MedianEngineDepth(), nonNil(diffs), res.Recurrences, scoreOf(res.FirstRecurrence),
			round1(time.Since(t0).Seconds())})
	}
	fmt.Fprintf(stdout, "%s: A %s vs B engine %q, %d games\n", rules.Variant().ID, level, a.vals["b-engine"], res.Games)
	for _, d := range diffs {
		fmt.Fprintf(stdout, "note: the engine plays Abapa rules, the referee's differ: %s\n", d)
	}
	writeScore(stdout, res.MatchResult)
	writePairs(stdout, res.MatchResult)
	fmt.Fprintf(stdout, "time per move: A %.3f s (%d moves), B %.3f s (%d moves); B's median depth %.1f (%d moves reported one)\n",
		perMove(res.LevelTime, res.LevelMoves), res.LevelMoves, perMove(res.EngineTime, res.EngineMoves), res.EngineMoves,
		res.MedianEngineDepth(), len(res.EngineDepths))
	ends := make([]string, 0, len(res.Ends))
	for k := range res.Ends {
		ends = append(ends, k)
	}
	slices.Sort(ends)
	for _, k := range ends {
		s := res.Ends[k]
		fmt.Fprintf(stdout, "ended by %s: %d games, A +%d =%d -%d\n", k, s.Wins+s.Draws+s.Losses, s.Wins, s.Draws, s.Losses)
	}
	if fr := res.FirstRecurrence; fr != res.MatchResult {
		felo, fmargin := fr.Elo()
		fmt.Fprintf(stdout, "had each game ended at its first recurrence (Abapa's rule; %d games had one): A wins %d, draws %d, losses %d: score %.1f%%, Elo %+.0f ± %.0f\n",
			res.Recurrences, fr.Wins, fr.Draws, fr.Losses, 100*fr.Score(), felo, fmargin)
	}
	fmt.Fprintf(stdout, "B forfeited %d games", len(res.Forfeits))
	if res.Disagreements > 0 {
		fmt.Fprintf(stdout, "; B saw the game over where the referee did not %d times (asked again without history)", res.Disagreements)
	}
	fmt.Fprintln(stdout)
	for _, f := range res.Forfeits {
		fmt.Fprintf(stdout, "  forfeit: %s\n", f)
	}
	fmt.Fprintf(stdout, "%.1f s\n", time.Since(t0).Seconds())
	return nil
}

// nonNil returns s, or an empty slice for nil (JSON [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
