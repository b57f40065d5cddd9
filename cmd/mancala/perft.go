package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

const perftUsage = `usage: mancala perft VARIANT DEPTH [--opt k=v]... [--from FILE.json] [--json] [--full]

Counts the move sequences of exactly d plies for d = 1..DEPTH (an extra turn
is a ply of its own; a game that ends early counts nothing deeper), from the
variant's start or from the position in FILE ("-" reads standard input;
VARIANT may then be left out), and the leaves counted per second.

  --opt k=v    set a rule option (see "mancala variants"); repeatable
  --from FILE  start from this position JSON
  --json       print {"depth":[...],"nodes_per_second":N}
  --full       play the moves of the last ply too, instead of only counting them
`

// maxPerftDepth bounds DEPTH.
const maxPerftDepth = 40

func runPerft(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"opt", listFlag}, flagSpec{"from", valueFlag},
		flagSpec{"json", boolFlag}, flagSpec{"full", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, perftUsage)
		return nil
	}
	variant, depthArg := "", ""
	switch n := len(a.pos); {
	case n == 2:
		variant, depthArg = a.pos[0], a.pos[1]
	case n == 1 && a.has("from"):
		depthArg = a.pos[0]
	case n > 2:
		return usagef("perft: too many arguments (want VARIANT DEPTH), got %q", a.pos[2])
	default:
		return usagef("perft: want VARIANT DEPTH")
	}
	depth, err := strconv.Atoi(depthArg)
	if err != nil || depth < 1 || depth > maxPerftDepth {
		return usagef("perft: DEPTH %q: want a whole number from 1 to %d", depthArg, maxPerftDepth)
	}
	start, err := startPosition(a, variant, stdin)
	if err != nil {
		return err
	}

	count := engine.Perft
	if a.bools["full"] {
		count = engine.PerftFull
	}
	counts := make([]uint64, 0, depth)
	var total uint64
	t0 := time.Now()
	for d := 1; d <= depth; d++ {
		if ctx.Err() != nil {
			return failf("perft: interrupted before depth %d", d)
		}
		n := count(start, d)
		counts = append(counts, n)
		total += n
		if !a.bools["json"] {
			if _, err := fmt.Fprintf(stdout, "depth %d: %d\n", d, n); err != nil {
				return err
			}
		}
	}
	elapsed := time.Since(t0)
	secs := max(elapsed.Seconds(), 1e-9)
	rate := uint64(float64(total) / secs)
	if a.bools["json"] {
		b, err := json.Marshal(struct {
			Depth          []uint64 `json:"depth"`
			NodesPerSecond uint64   `json:"nodes_per_second"`
		}{counts, rate})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	_, err = fmt.Fprintf(stdout, "%d leaves in %.3f s: %d leaves/s\n", total, elapsed.Seconds(), rate)
	return err
}
