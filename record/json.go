package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// jsonFormat names the JSON record format in its "format" field.
const jsonFormat = "mancala-record"

// jsonVersion is the version of the JSON record format written.
const jsonVersion = 1

// jsonRecord is a JSON record (docs/records.md).
type jsonRecord struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Variant string          `json:"variant"`
	Options map[string]any  `json:"options"`
	Start   json.RawMessage `json:"start,omitempty"`
	Players []jsonPlayer    `json:"players"`
	Moves   []string        `json:"moves"`
	// Result is the result by seat, "" while the game is on.
	Result   string          `json:"result"`
	Reason   string          `json:"reason,omitempty"`
	Event    string          `json:"event,omitempty"`
	Site     string          `json:"site,omitempty"`
	Created  *time.Time      `json:"created,omitempty"`
	Finished *time.Time      `json:"finished,omitempty"`
	Final    json.RawMessage `json:"final,omitempty"`
}

type jsonPlayer struct {
	Seat  string `json:"seat"`
	Name  string `json:"name,omitempty"`
	Level string `json:"level,omitempty"`
}

// writeJSON writes g as an indented JSON record.
func writeJSON(b *bytes.Buffer, g *Game) error {
	v := g.Rules().Variant()
	r := jsonRecord{Format: jsonFormat, Version: jsonVersion, Variant: g.Variant, Options: map[string]any{},
		Players: []jsonPlayer{}, Moves: make([]string, len(g.Moves)), Result: g.Result, Reason: g.Reason,
		Event: g.Event, Site: g.Site}
	for _, spec := range v.Options {
		r.Options[spec.Name] = spec.JSONValue(g.Options[spec.Name])
	}
	var err error
	if g.Custom {
		if r.Start, err = json.Marshal(g.Start); err != nil {
			return err
		}
	}
	for i, p := range g.Players {
		r.Players = append(r.Players, jsonPlayer{Seat: engine.Side(i).String(), Name: p.Name, Level: p.Level})
	}
	for i, m := range g.Moves {
		r.Moves[i] = m.String()
	}
	if !g.Created.IsZero() {
		t := g.Created.UTC()
		r.Created = &t
	}
	if !g.Finished.IsZero() {
		t := g.Finished.UTC()
		r.Finished = &t
	}
	if r.Final, err = json.Marshal(g.final); err != nil {
		return err
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// readJSON reads a JSON record.
func readJSON(data []byte) (*Game, error) {
	var r jsonRecord
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, jsonError(data, dec.InputOffset(), err)
	}
	if dec.More() {
		return nil, jsonError(data, dec.InputOffset(), errors.New("more after the record's object"))
	}
	if r.Format != jsonFormat {
		return nil, fmt.Errorf("format %q: a JSON record says \"format\": %q", r.Format, jsonFormat)
	}
	if r.Version != jsonVersion {
		return nil, fmt.Errorf("version %d: this program reads version %d", r.Version, jsonVersion)
	}
	v, err := engine.Lookup(r.Variant)
	if err != nil {
		return nil, err
	}
	given := engine.Options{}
	for k, val := range r.Options {
		switch x := val.(type) {
		case string:
			given[k] = x
		case bool:
			given[k] = strconv.FormatBool(x)
		case float64:
			given[k] = strconv.FormatFloat(x, 'f', -1, 64)
		default:
			return nil, fmt.Errorf("options: %s: %v is not a number, true/false or text", k, val)
		}
	}
	rules, err := v.New(given)
	if err != nil {
		return nil, fmt.Errorf("options: %v", err)
	}
	g := &Game{Variant: v.ID, Options: rules.Options(), Start: rules.Start(), Reason: clean(r.Reason), Event: clean(r.Event), Site: clean(r.Site)}
	if len(r.Start) > 0 && string(r.Start) != "null" {
		p, err := engine.ParsePosition(r.Start)
		if err != nil {
			return nil, fmt.Errorf("start: %v", err)
		}
		if p.Rules() != rules {
			return nil, fmt.Errorf("start: the position's variant and options are not the record's")
		}
		g.Start, g.Custom = p, true
	}
	sides := rules.Layout().Sides
	if len(r.Players) > sides {
		return nil, fmt.Errorf("players: %d seats for a game of %d", len(r.Players), sides)
	}
	g.Players = make([]Player, sides)
	for i, p := range r.Players {
		if p.Seat != engine.Side(i).String() {
			return nil, fmt.Errorf("players: seat %d is %s, not %q (list the seats in order)", i+1, engine.Side(i), p.Seat)
		}
		g.Players[i] = Player{Name: clean(p.Name), Level: clean(p.Level)}
	}
	for i, text := range r.Moves {
		m, err := parseMove(text)
		if err != nil {
			return nil, fmt.Errorf("move %d: %v", i+1, err)
		}
		g.Moves = append(g.Moves, m)
	}
	if r.Created != nil {
		g.Created = r.Created.UTC()
	}
	if r.Finished != nil {
		g.Finished = r.Finished.UTC()
	}
	if r.Result != "" {
		if _, err := engine.ParseStatus(r.Result); err != nil || r.Result == "ongoing" {
			return nil, fmt.Errorf("result %q is not a result (south_won, north_won, east_won, west_won, draw, solved, failed; \"\" while the game is on)", r.Result)
		}
	}
	if err := complete(g, claim{result: r.Result}, nil); err != nil {
		return nil, err
	}
	if len(r.Final) > 0 && string(r.Final) != "null" {
		// The final position, when given, must be the one the moves reach.
		want, _ := json.Marshal(g.final)
		p, err := engine.ParsePosition(r.Final)
		if err != nil {
			return nil, fmt.Errorf("final: %v", err)
		}
		if got, _ := json.Marshal(p); !bytes.Equal(got, want) {
			return nil, fmt.Errorf("final: the moves reach %s, not %s", want, got)
		}
	}
	return g, nil
}

// jsonError says where in data a JSON error is: the line, and the
// decoder's message.
func jsonError(data []byte, off int64, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	off = min(max(off, 0), int64(len(data)))
	return fmt.Errorf("line %d: %v", 1+bytes.Count(data[:off], []byte{'\n'}), err)
}
