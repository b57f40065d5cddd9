package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mancala-bot/mancala/engine"
)

const variantsUsage = `usage: mancala variants [--json]

Lists every variant: its id, English name, number of players and options
(default, range or values, and what the option changes).
`

// optionJSON is one option in "mancala variants --json".
type optionJSON struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"`
	Default any      `json:"default"`
	Min     *int     `json:"min,omitempty"`
	Max     *int     `json:"max,omitempty"`
	Values  []string `json:"values,omitempty"`
	Doc     string   `json:"doc"`
}

// variantJSON is one variant in "mancala variants --json".
type variantJSON struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	Players int          `json:"players"`
	Options []optionJSON `json:"options"`
}

func kindName(k engine.OptionKind) string {
	switch k {
	case engine.IntOption:
		return "int"
	case engine.BoolOption:
		return "bool"
	case engine.EnumOption:
		return "enum"
	}
	return fmt.Sprintf("kind%d", k)
}

// optionRange describes the values an option takes: "1..8", "true|false",
// "capture|nocapture|forbidden".
func optionRange(o engine.OptionSpec) string {
	switch o.Kind {
	case engine.IntOption:
		return fmt.Sprintf("%d..%d", o.Min, o.Max)
	case engine.BoolOption:
		return "true|false"
	}
	return strings.Join(o.Values, "|")
}

func runVariants(_ context.Context, args []string, _ io.Reader, stdout io.Writer) error {
	a, err := parseArgs(args, flagSpec{"json", boolFlag})
	if err != nil {
		return err
	}
	if a.wantsHelp() {
		fmt.Fprint(stdout, variantsUsage)
		return nil
	}
	if len(a.pos) > 0 {
		return usagef("variants takes no arguments, got %q", a.pos[0])
	}
	vs := engine.Variants()
	if a.bools["json"] {
		out := make([]variantJSON, 0, len(vs))
		for _, v := range vs {
			vj := variantJSON{ID: v.ID, Name: v.Name, Players: v.Players, Options: []optionJSON{}}
			for _, o := range v.Options {
				oj := optionJSON{Name: o.Name, Kind: kindName(o.Kind), Default: o.JSONValue(o.Default), Doc: o.Doc}
				switch o.Kind {
				case engine.IntOption:
					oj.Min, oj.Max = &o.Min, &o.Max
				case engine.EnumOption:
					oj.Values = o.Values
				}
				vj.Options = append(vj.Options, oj)
			}
			out = append(out, vj)
		}
		b, err := json.Marshal(out)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", b)
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	for i, v := range vs {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		players := fmt.Sprintf("%d players", v.Players)
		if v.Players == 1 {
			players = "solitaire"
		}
		// The header has no tab, so each variant's options align among
		// themselves.
		fmt.Fprintf(tw, "%s: %s, %s\n", v.ID, v.Name, players)
		if len(v.Options) == 0 {
			fmt.Fprintf(tw, "  no options\n")
		}
		for _, o := range v.Options {
			fmt.Fprintf(tw, "  %s=%s\t%s\t%s\n", o.Name, o.Default, optionRange(o), o.Doc)
		}
	}
	return tw.Flush()
}
