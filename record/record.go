// Package record writes a game as a record that can be downloaded, shared
// and read back, and reads such records.
//
// Two formats (docs/records.md describes both, with examples):
//
//   - [Text]: for Oware, the Oware Game Notation (OGN) of the Aualé
//     program: a header of tags and the moves as house letters (A-F for
//     South, a-f for North) with "+N" captures; for every other variant a
//     format of our own in the same shape: the same tag header and the
//     moves in the project's notation ("3", "4L", "3R+", "swap",
//     "out:east"), numbered.
//   - [JSON]: the game as one JSON object (variant, options, start,
//     players, moves in notation, result, reason, dates).
//
// [Import] reads either, replaying every move through the engine: a record
// it accepts is a legal game, and its final position is the one the
// recorded game reached.
package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
)

// Format is a kind of record.
type Format int

// The formats.
const (
	// Text is OGN for Oware, our PGN-like format for the other variants.
	Text Format = iota
	// JSON is the game as a JSON object.
	JSON
)

// String names the format ("text", "json").
func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case JSON:
		return "json"
	}
	return fmt.Sprintf("format%d", int(f))
}

// ContentType is the HTTP media type of a record in format f.
func ContentType(f Format) string {
	if f == JSON {
		return "application/json"
	}
	return "text/plain; charset=utf-8"
}

// MaxSize is the largest record Import reads, in bytes: far more than the
// longest game the engine plays to its end needs.
const MaxSize = 4 << 20

// Move is one step of a recorded game: a move played (Play), or, in Ruma,
// a seat leaving the table (Leave, Seat), which the bot stores as the
// pseudo-move "out:SEAT".
type Move struct {
	Play  engine.Move
	Leave bool
	Seat  engine.Side
}

// leavePrefix starts the notation of a seat leaving ("out:east"), as the
// bot stores it.
const leavePrefix = "out:"

// String writes the move in notation: "3", "4L", "swap", "out:east".
func (m Move) String() string {
	if m.Leave {
		return leavePrefix + m.Seat.String()
	}
	return m.Play.String()
}

// parseMove reads a move written by Move.String. It checks the notation
// only.
func parseMove(s string) (Move, error) {
	if name, ok := strings.CutPrefix(s, leavePrefix); ok {
		side, err := engine.ParseSide(name)
		if err != nil {
			return Move{}, fmt.Errorf("%q: %v", s, err)
		}
		return Move{Leave: true, Seat: side}, nil
	}
	m, err := engine.ParseMove(s)
	if err != nil {
		return Move{}, err
	}
	return Move{Play: m}, nil
}

// Player is one seat of a recorded game.
type Player struct {
	// Name is how the record names the player; "" when unknown.
	Name string
	// Level is the bot's level when the bot held the seat; "" for people.
	Level string
}

// Game is a record as read by Import: a legal game of the engine.
//
// Results are by seat, as the bot stores them: "south_won" means the
// player of the South seat (Players[0]) won, even if a pie-rule swap had
// that player move North's side by the end.
type Game struct {
	// Variant is the variant's id.
	Variant string
	// Options are the rules' complete options, canonical.
	Options engine.Options
	// Start is the position the game started from.
	Start engine.Position
	// Custom reports that Start is not the variant's start position.
	Custom bool
	// Moves are the moves in order, each legal where it was played.
	Moves []Move
	// Players has one entry per seat: South, North, and East, West in the
	// four-seat games.
	Players []Player
	// Result is "" while the game is on; otherwise the winner by seat
	// ("south_won", "north_won", "east_won", "west_won"), "draw",
	// "solved" or "failed" (a solitaire).
	Result string
	// Reason says how it ended: an engine end reason ("majority",
	// "repetition", ...), or "resign", "timeout", "agreed" and the like
	// when the game ended outside the board. "" while it is on.
	Reason string
	// Event and Site are the record's tags of those names ("" when
	// unknown).
	Event, Site string
	// Created and Finished are when the game began and ended (zero when
	// unknown, or for Finished while it is on).
	Created, Finished time.Time
	// Tags are the text record's tags as read, by name (nil for a JSON
	// record).
	Tags map[string]string

	final engine.Position
}

// Final returns the position after the last move.
func (g *Game) Final() engine.Position { return g.final }

// Rules returns the game's rules.
func (g *Game) Rules() engine.Rules { return g.Start.Rules() }

// Replay plays the game's moves from its start through an engine.Game,
// with the game's history (the repetition rule counts it). It fails only
// for a Game not made by Import or FromStore.
func (g *Game) Replay() (*engine.Game, error) {
	eg := engine.NewGame(g.Start)
	for i, m := range g.Moves {
		if err := play(eg, m); err != nil {
			return nil, fmt.Errorf("move %d (%s): %w", i+1, m, err)
		}
	}
	return eg, nil
}

// play applies one recorded move to eg.
func play(eg *engine.Game, m Move) error {
	if m.Leave {
		_, err := eg.Leave(m.Seat)
		return err
	}
	_, err := eg.Play(m.Play)
	return err
}

// seatOf is the seat (index into Players) holding side in p.
func seatOf(p engine.Position, side engine.Side) int {
	if p.Swapped() {
		return 1 - int(side)
	}
	return int(side)
}

// engineResult is the result, by seat, that the final position p decides,
// and its reason; "" and "" when p is not over.
func engineResult(p engine.Position) (result, reason string) {
	st := p.Status()
	if !st.Over() {
		return "", ""
	}
	if w, ok := st.Winner(); ok {
		return engine.Won(engine.Side(seatOf(p, w))).String(), p.EndReason().String()
	}
	return st.String(), p.EndReason().String()
}

// Export writes g as a record in format f. It replays g's moves through
// the engine (for the OGN captures and to write only legal games); the
// error says why a game cannot be rebuilt (an unknown variant, an illegal
// stored move), or is the writer's.
func Export(w io.Writer, g *store.Game, f Format) error {
	rg, err := FromStore(g)
	if err != nil {
		return err
	}
	return rg.Export(w, f)
}

// FromStore rebuilds a stored game as a record: its rules, start, moves
// (replayed), seats, result and dates. The error says what cannot be
// rebuilt.
func FromStore(g *store.Game) (*Game, error) {
	if g.Damage != "" {
		return nil, fmt.Errorf("the stored game's %s could not be read", g.Damage)
	}
	v, err := engine.Lookup(g.Variant)
	if err != nil {
		return nil, err
	}
	rules, err := v.New(g.Options)
	if err != nil {
		return nil, err
	}
	rg := &Game{Variant: v.ID, Options: rules.Options(), Start: rules.Start(), Site: clean(g.Platform),
		Result: g.Result, Reason: clean(g.Reason), Created: g.CreatedAt}
	if g.Start != "" {
		if rg.Start, err = engine.ParsePosition([]byte(g.Start)); err != nil {
			return nil, fmt.Errorf("start position: %w", err)
		}
		if rg.Start.Rules() != rules {
			return nil, errors.New("start position: its rules are not the game's")
		}
		rg.Custom = true
	}
	eg := engine.NewGame(rg.Start)
	for i, sm := range g.Moves {
		m, err := parseMove(sm.Move)
		if err == nil {
			err = play(eg, m)
		}
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		rg.Moves = append(rg.Moves, m)
	}
	rg.final = eg.Position()
	sides := rules.Layout().Sides
	for i := range max(sides, len(g.Players)) {
		var p store.Player
		if i < len(g.Players) {
			p = g.Players[i]
		}
		name := p.Name
		if name == "" && p.IsBot() {
			name = "bot"
		}
		if i < sides {
			rg.Players = append(rg.Players, Player{Name: clean(name), Level: clean(p.Level)})
		}
	}
	if g.Phase == store.PhaseOver {
		rg.Finished = g.UpdatedAt
	}
	if r, why := engineResult(rg.final); r != "" {
		rg.Result, rg.Reason = r, why
	}
	return rg, nil
}

// clean makes a name fit on one line of a record: control characters
// become spaces, runs of spaces one, and it is trimmed.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// Export writes g in format f; the error is the writer's.
func (g *Game) Export(w io.Writer, f Format) error {
	var b bytes.Buffer
	switch f {
	case Text:
		if g.Variant == "oware" {
			writeOGN(&b, g)
		} else {
			writeText(&b, g)
		}
	case JSON:
		if err := writeJSON(&b, g); err != nil {
			return err
		}
	default:
		return fmt.Errorf("unknown record format %d", int(f))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// Import reads a record in either format (a JSON object, or a text record
// starting with its tags), replays its moves through the engine and
// returns the game. The error names the line and the move at fault: an
// unknown variant or option, a move that is not legal where it is played,
// a result the moves contradict, malformed text.
func Import(r io.Reader) (*Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("record larger than %d bytes", MaxSize)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a byte order mark
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return readJSON(data)
	}
	return readText(data)
}

// FileName is a file name for g's record in format f: ASCII letters,
// digits and dashes, the variant, the date the game began and the
// players, with the format's extension (".ogn" for an Oware text record,
// ".txt" for another, ".json").
func FileName(g *store.Game, f Format) string {
	parts := []string{slug(g.Variant)}
	if !g.CreatedAt.IsZero() {
		parts = append(parts, g.CreatedAt.UTC().Format("2006-01-02"))
	}
	var names []string
	for _, p := range g.Players {
		n := p.Name
		if n == "" && p.IsBot() {
			n = "bot"
		}
		if s := slug(n); s != "" {
			names = append(names, s)
		}
	}
	if len(names) > 0 {
		parts = append(parts, strings.Join(names, "-vs-"))
	}
	name := strings.Join(nonEmpty(parts), "-")
	if len(name) > 80 {
		name = strings.TrimRight(name[:80], "-")
	}
	if name == "" {
		name = "game"
	}
	switch {
	case f == JSON:
		return name + ".json"
	case g.Variant == "oware":
		return name + ".ogn"
	}
	return name + ".txt"
}

// slug keeps the ASCII letters and digits of s, lower case, with a dash
// for every run of anything else, and at most 24 bytes.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	out := b.String()
	if len(out) > 24 {
		out = strings.TrimRight(out[:24], "-")
	}
	return out
}

func nonEmpty(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
