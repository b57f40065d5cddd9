package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
)

const renderUsage = `usage: mancala render VARIANT [MOVES...] [--opt k=v]... [--from FILE.json] -o board.png

Draws the board the bot would post after the moves, with the last move
highlighted ("-o -" writes the PNG to standard output).
`

func runRender(_ context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args, flagSpec{"opt", listFlag}, flagSpec{"from", valueFlag}, flagSpec{"o", valueFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, renderUsage)
		return nil
	}
	out, ok := a.vals["o"]
	if !ok || out == "" {
		return usagef("render: missing -o FILE.png")
	}
	variant, moves := "", a.pos
	if !a.has("from") || len(moves) > 0 && !isMove(moves[0]) {
		if len(moves) == 0 {
			return usagef("render: missing VARIANT")
		}
		variant, moves = moves[0], moves[1:]
	}
	start, err := startPosition(a, variant, stdin)
	if err != nil {
		return err
	}
	g := engine.NewGame(start)
	var last []engine.Event
	for i, text := range moves {
		m, err := engine.ParseMove(text)
		if err != nil {
			return failf("move %d: %v", i+1, err)
		}
		ply := g.Position().Ply()
		if last, err = g.Play(m); err != nil {
			return failf("move %d (ply %d): %v", i+1, ply, err)
		}
	}
	w := stdout
	if out != "-" {
		f, err := os.Create(out)
		if err != nil {
			return failf("%v", err)
		}
		defer f.Close()
		w = f
	}
	if err := render.PNG(w, g.Position(), render.Options{Events: last}); err != nil {
		return failf("render: %v", err)
	}
	if f, ok := w.(*os.File); ok && f != os.Stdout {
		return f.Close()
	}
	return nil
}

func isMove(s string) bool {
	_, err := engine.ParseMove(s)
	return err == nil
}

const rulesUsage = `usage: mancala rules VARIANT [--lang ru|da|pl|en] [--opt k=v]...

Prints the rules explanation the bot gives, in the language asked for
(default: from LANG, else English).
`

func runRules(_ context.Context, args []string, _ io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args, flagSpec{"opt", listFlag}, flagSpec{"lang", valueFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, rulesUsage)
		return nil
	}
	if len(a.pos) != 1 {
		return usagef("rules: want one VARIANT")
	}
	lang := locales.Resolve(os.Getenv("LANG"))
	if l, ok := a.vals["lang"]; ok {
		if lang, ok = locales.Parse(l); !ok {
			return usagef("rules: --lang %q: want ru, da, pl or en", l)
		}
	}
	opts, err := a.options()
	if err != nil {
		return err
	}
	v, err := engine.Lookup(a.pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	if _, err := v.New(opts); err != nil {
		return usagef("%v", err)
	}
	text := locales.Rules(lang, v.ID, opts)
	if text == "" {
		return failf("rules: no explanation of %s yet", v.ID)
	}
	fmt.Fprintln(stdout, locales.Plain(text))
	return nil
}
