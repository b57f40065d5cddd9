// Command mancala is the mancala bot and its command-line tool
// (docs/spec.md section 4): with no command (or "serve") it runs the bot;
// the other commands list the variants, play moves, count move sequences
// (perft), solve and analyze positions, play bot levels against each other,
// print the daily puzzle, draw boards and print the rules.
//
// Errors are one line on stderr, "mancala: <reason>", with exit code 2 for
// a wrong command line (unknown command, flag, variant or option, a bad
// depth) and 1 for bad input (an illegal move, a bad position file). solve
// exits with 3 when its time or node limit ends the search first (it still
// prints what it found: the best move so far and the proven bounds).
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `usage: mancala COMMAND [ARGS]

commands:
  serve (or no command)
        run the bot: on Discord/Telegram when their tokens are set, else as
        a chat in this terminal (see "mancala serve --help")
  variants [--json]
        list the variants, their names and options
  play VARIANT [--opt k=v]... [--from FILE.json] [--json] [--trace] [MOVES...]
        play the moves from the start (or from the position in FILE, - for
        stdin) and print the final position; --trace prints every position;
        play --record FILE [MOVES...] replays a game record (docs/records.md)
        and goes on from its end
  perft VARIANT DEPTH [--opt k=v]... [--from FILE.json] [--json] [--full]
        count the move sequences of 1..DEPTH plies and the speed
  solve VARIANT [--opt k=v]... [--from FILE.json] [MOVES...] [--json] [--count]
        the exact value with perfect play and a best move (solitaires:
        a solution); "mancala solve --help" for the limits
  book kalah [--opt k=v]... [--db-seeds N]
        build the perfect level's opening book (Kalah): exact from the
        first move once built; "mancala book --help" for the details
  book oware [--db-seeds N]
        build Oware's endgame database up to N seeds (default 20, 903 MB)
  analyze VARIANT [MOVES...] [--time 2s] [--depth N] [--json]
        best move, evaluation, principal variation, depth and speed
  match VARIANT --a LEVEL --b LEVEL [--games N] [--json]
        play two bot levels against each other; wins, draws, losses, Elo
  engine oware [--level LEVEL] [--no-budget] [--opt k=v]...
        serve a level as a UCI-style engine on stdin/stdout (for match --b-engine)
  puzzle [--date YYYY-MM-DD] [--kind K] [--json] [--reveal]
        the daily puzzle; "puzzle check [--date D] MOVES..." checks an answer
  render VARIANT [MOVES...] [--opt k=v]... [--from FILE.json] -o board.png
        draw the board image the bot would post
  rules VARIANT [--lang ru|da|pl|en] [--opt k=v]...
        print the rules explanation
  ratings rebuild [--json]
        recompute every rating from the stored finished games (the database
        of serve: DATABASE_URL or DATABASE_PATH)
  help  print this text

Flags and arguments may come in any order; "--" ends the flags.
A move is a pit number in the mover's own numbering, 1..N from the mover's
left ("3"), or "swap" for the pie rule.
`

// command runs one subcommand.
type command func(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error

var commands = map[string]command{
	"variants": runVariants,
	"play":     runPlay,
	"perft":    runPerft,
	"serve":    runServe,
	"render":   runRender,
	"rules":    runRules,
	"solve":    runSolve,
	"analyze":  runAnalyze,
	"match":    runMatch,
	"puzzle":   runPuzzle,
	"ratings":  runRatings,
	"book":     runBook,
	"engine":   runEngine,
}

// run is the whole program: it returns the exit code.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{"serve"}
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	var err error
	switch cmd, ok := commands[name]; {
	case ok:
		err = cmd(ctx, rest, stdin, stdout)
	case strings.HasPrefix(name, "-") && len(name) > 1:
		err = usagef("unknown flag %s before the command (run \"mancala help\")", name)
	default:
		err = usagef("unknown command %q (run \"mancala help\")", name)
	}
	if err != nil {
		// One line, whatever the error says.
		msg := strings.TrimSpace(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(err.Error()))
		fmt.Fprintf(stderr, "mancala: %s\n", msg)
		return exitCode(err)
	}
	return exitOK
}
