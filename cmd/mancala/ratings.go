package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

const ratingsUsage = `usage: mancala ratings rebuild [--json]

Recompute every Glicko-2 rating from the finished games stored in the
database (DATABASE_URL, else the SQLite file DATABASE_PATH, as for serve),
in the order the games ended, by the bot's rules (a game counts once each
player moved; at most 3 rated games a UTC day between the same two people in
one game type): the same numbers as the bot's updates as games end. Run it once after upgrading to rate the games played before ratings
existed. With SQLite, stop the bot first (one process per file); with
PostgreSQL it may run while the bots serve (ratings are written one game at
a time under a lock).
`

// runRatings is "mancala ratings rebuild".
func runRatings(ctx context.Context, args []string, _ io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args, flagSpec{"json", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, ratingsUsage)
		return nil
	}
	switch {
	case len(a.pos) == 0:
		return usagef("ratings: want \"ratings rebuild\"")
	case a.pos[0] != "rebuild":
		return usagef("ratings: unknown action %q (want \"rebuild\")", a.pos[0])
	case len(a.pos) > 1:
		return usagef("ratings rebuild takes no arguments, got %q", a.pos[1])
	}
	cfg, err := configFromEnv(os.Getenv)
	if err != nil {
		return usagef("%v", err)
	}
	db, err := cfg.openDatabase(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.RebuildRatings(ctx)
	if err != nil {
		return failf("ratings rebuild: %v", err)
	}
	if a.has("json") {
		return json.NewEncoder(stdout).Encode(map[string]int{"games": n})
	}
	_, err = fmt.Fprintf(stdout, "ratings rebuilt from %d rated games (%s)\n", n, cfg.database())
	return err
}
