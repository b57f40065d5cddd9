package review

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/mancala-bot/mancala/engine"
)

// EncodingVersion is the version of the encoding Encode writes and Decode
// reads. It changes whenever the encoding does: a stored review of another
// version is not read (ErrVersion) but computed again.
const EncodingVersion = 1

// ErrVersion is Decode's refusal of a review encoded in another version
// than EncodingVersion (wrapped with the version found).
var ErrVersion = errors.New("review: another encoding version")

// The encoding is JSON (a documented shape, version 1):
//
//	{"version": 1, "depth": 10, "complete": true,
//	 "start": <position JSON of the first ply's position, docs/spec.md §3>,
//	 "plies": [{"move": "3", "best": "4", "best_value": 2.5, "played": 0.5,
//	            "loss": 2, "scored": true, "exact": false}, ...],
//	 "evals": [{"south": 0.5, "exact": false, "known": true, "depth": 10}, ...],
//	 "turning": [{"index": 11, "loss": 4, "margin_played": -2, "margin_best": 2,
//	              "played": <effect>, "better": <effect>}, ...]}
//
// where an effect is {"move", "captured", "extra_turn", "ends", "reply",
// "reply_captured", "reply_extra_turn", "reply_pit", "next_captured",
// "next_pit"}, moves are in the notation of docs/spec.md §3 ("3", "3L",
// "swap") and the zero Move (no move) is "". Fields at their zero value are
// left out. What a review knows only by replaying the moves (each ply's
// position before it, its mover and its events) is not written: Decode
// replays the moves from start, so the record stays small and cannot
// disagree with the rules. A review without plies has no start.

// encoded is the encoding's document.
type encoded struct {
	Version  int              `json:"version"`
	Depth    int              `json:"depth,omitempty"`
	Complete bool             `json:"complete,omitempty"`
	Start    json.RawMessage  `json:"start,omitempty"`
	Plies    []encodedPly     `json:"plies"`
	Evals    []encodedEval    `json:"evals"`
	Turning  []encodedTurning `json:"turning,omitempty"`
}

type encodedPly struct {
	Move      string  `json:"move"`
	Best      string  `json:"best,omitempty"`
	BestValue float64 `json:"best_value,omitempty"`
	Played    float64 `json:"played,omitempty"`
	Loss      float64 `json:"loss,omitempty"`
	Scored    bool    `json:"scored,omitempty"`
	Exact     bool    `json:"exact,omitempty"`
}

type encodedEval struct {
	South float64 `json:"south"`
	Exact bool    `json:"exact,omitempty"`
	Known bool    `json:"known,omitempty"`
	Depth int     `json:"depth,omitempty"`
}

type encodedTurning struct {
	Index        int           `json:"index"`
	Loss         float64       `json:"loss,omitempty"`
	MarginPlayed int           `json:"margin_played"`
	MarginBest   int           `json:"margin_best"`
	Played       encodedEffect `json:"played"`
	Better       encodedEffect `json:"better"`
}

type encodedEffect struct {
	Move           string `json:"move"`
	Captured       int    `json:"captured,omitempty"`
	ExtraTurn      bool   `json:"extra_turn,omitempty"`
	Ends           bool   `json:"ends,omitempty"`
	Reply          string `json:"reply,omitempty"`
	ReplyCaptured  int    `json:"reply_captured,omitempty"`
	ReplyExtraTurn bool   `json:"reply_extra_turn,omitempty"`
	ReplyPit       string `json:"reply_pit,omitempty"`
	NextCaptured   int    `json:"next_captured,omitempty"`
	NextPit        string `json:"next_pit,omitempty"`
}

// Encode writes rv in the encoding of EncodingVersion (see above): the
// same review always gives the same bytes. Errors: a value JSON cannot
// hold (NaN, an infinity), a zero start position.
func Encode(rv *Review) ([]byte, error) {
	doc := encoded{
		Version:  EncodingVersion,
		Depth:    rv.Depth,
		Complete: rv.Complete,
		Plies:    make([]encodedPly, len(rv.Plies)),
		Evals:    make([]encodedEval, len(rv.Evals)),
	}
	if len(rv.Plies) > 0 {
		start, err := rv.Plies[0].Before.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("review: encode start: %w", err)
		}
		doc.Start = start
	}
	check := func(vs ...float64) error {
		for _, v := range vs {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("review: encode: value %v", v)
			}
		}
		return nil
	}
	for i, pl := range rv.Plies {
		if err := check(pl.BestValue, pl.Played, pl.Loss); err != nil {
			return nil, err
		}
		doc.Plies[i] = encodedPly{Move: moveText(pl.Move), Best: moveText(pl.Best), BestValue: pl.BestValue,
			Played: pl.Played, Loss: pl.Loss, Scored: pl.Scored, Exact: pl.Exact}
	}
	for i, e := range rv.Evals {
		if err := check(e.South); err != nil {
			return nil, err
		}
		doc.Evals[i] = encodedEval(e)
	}
	for _, tp := range rv.Turning {
		if err := check(tp.Loss); err != nil {
			return nil, err
		}
		doc.Turning = append(doc.Turning, encodedTurning{Index: tp.Index, Loss: tp.Loss,
			MarginPlayed: tp.MarginPlayed, MarginBest: tp.MarginBest,
			Played: encodeEffect(tp.Played), Better: encodeEffect(tp.Better)})
	}
	return json.Marshal(doc)
}

// Decode reads a review written by Encode. Errors: ErrVersion (wrapped)
// for another version; otherwise an error saying what is malformed: not
// JSON or not this shape (an unknown field, trailing data), a start
// position or a move that cannot be read, a move the rules refuse (by
// ply), evaluations that are not one more than the plies, a turning point
// out of range. The review decoded equals the one encoded, but for what
// only a computation in progress needs.
func Decode(data []byte) (*Review, error) {
	var head struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("review: decode: %w", err)
	}
	if head.Version != EncodingVersion {
		return nil, fmt.Errorf("%w: %d, want %d", ErrVersion, head.Version, EncodingVersion)
	}
	var doc encoded
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil { // trailing data: refused above
		return nil, fmt.Errorf("review: decode: %w", err)
	}
	if len(doc.Evals) != len(doc.Plies)+1 {
		return nil, fmt.Errorf("review: decode: %d evaluations for %d plies", len(doc.Evals), len(doc.Plies))
	}
	rv := &Review{Depth: doc.Depth, Complete: doc.Complete, Evals: make([]Eval, len(doc.Evals)), Plies: make([]Ply, len(doc.Plies))}
	for i, e := range doc.Evals {
		rv.Evals[i] = Eval(e)
	}
	if len(doc.Plies) > 0 {
		if len(doc.Start) == 0 {
			return nil, errors.New("review: decode: plies without a start")
		}
		start, err := engine.ParsePosition(doc.Start)
		if err != nil {
			return nil, fmt.Errorf("review: decode: start: %w", err)
		}
		g := engine.NewGame(start)
		for i, ep := range doc.Plies {
			m, err := engine.ParseMove(ep.Move)
			if err != nil {
				return nil, fmt.Errorf("review: decode: ply %d: %w", i+1, err)
			}
			best, err := parseMoveText(ep.Best)
			if err != nil {
				return nil, fmt.Errorf("review: decode: ply %d: best: %w", i+1, err)
			}
			before := g.Position()
			ev, err := g.Play(m)
			if err != nil {
				return nil, fmt.Errorf("review: decode: ply %d (%s): %w", i+1, m, err)
			}
			rv.Plies[i] = Ply{Before: before, Mover: before.ToMove(), Move: m, Events: ev,
				Best: best, BestValue: ep.BestValue, Played: ep.Played, Loss: ep.Loss,
				Scored: ep.Scored, Exact: ep.Exact}
		}
	}
	for _, et := range doc.Turning {
		if et.Index < 0 || et.Index >= len(rv.Plies) {
			return nil, fmt.Errorf("review: decode: turning point at ply index %d of %d", et.Index, len(rv.Plies))
		}
		played, err := decodeEffect(et.Played)
		if err != nil {
			return nil, fmt.Errorf("review: decode: turning point %d: %w", et.Index+1, err)
		}
		better, err := decodeEffect(et.Better)
		if err != nil {
			return nil, fmt.Errorf("review: decode: turning point %d: %w", et.Index+1, err)
		}
		rv.Turning = append(rv.Turning, TurningPoint{Index: et.Index, Loss: et.Loss,
			MarginPlayed: et.MarginPlayed, MarginBest: et.MarginBest, Played: played, Better: better})
	}
	return rv, nil
}

// moveText writes m in the notation, the zero Move as "".
func moveText(m engine.Move) string {
	if m == (engine.Move{}) {
		return ""
	}
	return m.String()
}

// parseMoveText reads what moveText wrote.
func parseMoveText(s string) (engine.Move, error) {
	if s == "" {
		return engine.Move{}, nil
	}
	return engine.ParseMove(s)
}

func encodeEffect(e Effect) encodedEffect {
	return encodedEffect{Move: moveText(e.Move), Captured: e.Captured, ExtraTurn: e.ExtraTurn, Ends: e.Ends,
		Reply: moveText(e.Reply), ReplyCaptured: e.ReplyCaptured, ReplyExtraTurn: e.ReplyExtraTurn,
		ReplyPit: moveText(e.ReplyPit), NextCaptured: e.NextCaptured, NextPit: moveText(e.NextPit)}
}

func decodeEffect(e encodedEffect) (Effect, error) {
	out := Effect{Captured: e.Captured, ExtraTurn: e.ExtraTurn, Ends: e.Ends, ReplyCaptured: e.ReplyCaptured,
		ReplyExtraTurn: e.ReplyExtraTurn, NextCaptured: e.NextCaptured}
	for _, f := range []struct {
		dst  *engine.Move
		text string
	}{{&out.Move, e.Move}, {&out.Reply, e.Reply}, {&out.ReplyPit, e.ReplyPit}, {&out.NextPit, e.NextPit}} {
		m, err := parseMoveText(f.text)
		if err != nil {
			return Effect{}, err
		}
		*f.dst = m
	}
	return out, nil
}
