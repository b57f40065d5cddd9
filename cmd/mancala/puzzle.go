package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/puzzle"
)

const puzzleUsage = `usage: mancala puzzle [--date YYYY-MM-DD] [--kind K] [--json] [--reveal]
       mancala puzzle check [--date YYYY-MM-DD] [--kind K] [--json] MOVES...

Prints the daily puzzle: the same for everybody on a UTC day, made from the
date alone. Monday and Saturday: a Tchuka Ruma solitaire to clear (easier
on Mondays); the other days: the best move of a Kalah (Tuesday, Sunday),
Oware (Wednesday), Togyz Kumalak (Thursday) or Congkak (Friday) position,
proven by the solver.

"check" says whether the moves solve that day's puzzle: "correct" (exit 0),
or one line saying why not (exit 1): a wrong or illegal move, an answer
not finished, too many moves, or text that is not a move. A solitaire
takes every pit played, in order; a best-move puzzle its move, or the
whole turn when the goal asks for it.

  --date D    the puzzle of this UTC day (default: today)
  --kind K    the latest puzzle of this kind or variant, on D or the six
              days before: solitaire, best-move, tchuka, kalah, oware,
              togyz, congkak
  --json      print the puzzle JSON ({"date","id","kind","variant",
              "options","position","goal","difficulty"}); check prints
              {"id","correct"} and, when wrong, "error":{"kind","move",
              "message"}
  --reveal    print the answer too (JSON: "answer":["3","4",...])
`

func runPuzzle(_ context.Context, args []string, _ io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args,
		flagSpec{"date", valueFlag}, flagSpec{"kind", valueFlag},
		flagSpec{"json", boolFlag}, flagSpec{"reveal", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, puzzleUsage)
		return nil
	}
	check := len(a.pos) > 0 && a.pos[0] == "check"
	if !check && len(a.pos) > 0 {
		return usagef("puzzle: unexpected argument %q (did you mean \"mancala puzzle check %s\"?)", a.pos[0], strings.Join(a.pos, " "))
	}
	if check && a.bools["reveal"] {
		return usagef("puzzle check: --reveal is for showing the puzzle")
	}
	date := time.Now().UTC()
	if a.has("date") {
		d, err := time.Parse("2006-01-02", a.vals["date"])
		if err != nil {
			return usagef("puzzle: --date %q: want a day written YYYY-MM-DD", a.vals["date"])
		}
		date = d
	}
	var p puzzle.Puzzle
	if a.has("kind") {
		p, err = puzzle.Latest(date, a.vals["kind"])
		if errors.Is(err, puzzle.ErrUnknownKind) {
			return usagef("puzzle: --kind: %v", err)
		}
	} else {
		p, err = puzzle.ForDate(date)
	}
	if err != nil {
		return failf("%v", err)
	}
	if check {
		return checkPuzzle(p, a.pos[1:], a.bools["json"], stdout)
	}
	if a.bools["json"] {
		b, err := p.JSON(a.bools["reveal"])
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	_, err = fmt.Fprint(stdout, puzzleText(p, a.bools["reveal"]))
	return err
}

// puzzleText is the human form of a puzzle.
func puzzleText(p puzzle.Puzzle, reveal bool) string {
	var b strings.Builder
	kind := "find the best move"
	if p.Kind == puzzle.Solitaire {
		kind = "solitaire"
	}
	name := p.Position.Rules().Variant().Name
	fmt.Fprintf(&b, "Puzzle of %s (%s)\n", p.Date, p.ID)
	fmt.Fprintf(&b, "%s, %s; difficulty %d/5 %s\n", name, kind, p.Difficulty, stars(p.Difficulty))
	if opts := optionsText(p); opts != "" {
		fmt.Fprintf(&b, "Rules: %s\n", opts)
	}
	fmt.Fprintf(&b, "Goal: %s\n\n", p.Goal)
	b.WriteString(p.Position.String())
	b.WriteString("\n")
	if reveal {
		fmt.Fprintf(&b, "Answer: %s\n", strings.Join(p.Answer, " "))
	} else {
		fmt.Fprintf(&b, "Answer with: mancala puzzle check --date %s MOVES...\n", p.Date)
	}
	return b.String()
}

func stars(n int) string { return strings.Repeat("*", n) + strings.Repeat(".", 5-n) }

// optionsText lists the puzzle's options that differ from the variant's
// defaults ("pits=6").
func optionsText(p puzzle.Puzzle) string {
	v := p.Position.Rules().Variant()
	var out []string
	for _, o := range v.Options {
		if val, ok := p.Options[o.Name]; ok && val != o.Default {
			out = append(out, o.Name+"="+val)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// checkPuzzle checks the answer and reports it.
func checkPuzzle(p puzzle.Puzzle, moves []string, asJSON bool, stdout io.Writer) error {
	if len(moves) == 0 {
		return usagef("puzzle check: give the moves, e.g. \"mancala puzzle check --date %s 3\"", p.Date)
	}
	err := p.CheckText(moves)
	if asJSON {
		out := struct {
			ID      string      `json:"id"`
			Correct bool        `json:"correct"`
			Error   *checkError `json:"error,omitempty"`
		}{ID: p.ID, Correct: err == nil}
		var ce *puzzle.CheckError
		if errors.As(err, &ce) {
			out.Error = &checkError{Kind: ce.Kind, Move: ce.Index, Message: ce.Error()}
		}
		b, jerr := json.Marshal(out)
		if jerr != nil {
			return jerr
		}
		if _, jerr := fmt.Fprintf(stdout, "%s\n", b); jerr != nil {
			return jerr
		}
	} else if err == nil {
		if _, err := fmt.Fprintln(stdout, "correct"); err != nil {
			return err
		}
	}
	if err != nil {
		return failf("%v", err)
	}
	return nil
}

type checkError struct {
	Kind    string `json:"kind"`
	Move    int    `json:"move,omitempty"`
	Message string `json:"message"`
}
