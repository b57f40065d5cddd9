package puzzle

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// Kinds of puzzle.
const (
	// Solitaire: clear a Tchuka Ruma board; any clearing sequence counts.
	Solitaire = "solitaire"
	// BestMove: find the unique best move (or turn) of a two-player
	// position.
	BestMove = "best-move"
)

// Puzzle is one day's puzzle.
type Puzzle struct {
	// Date is the UTC day, "2006-01-02".
	Date string
	// ID is stable and unique per day: date, variant and a short hash of
	// the position and answer ("2026-11-22-kalah-3f9a").
	ID string
	// Kind is Solitaire or BestMove.
	Kind string
	// Variant is the engine's variant id.
	Variant string
	// Options are the rule set's complete option values.
	Options engine.Options
	// Position is where the player starts.
	Position engine.Position
	// Goal says in English what to do; GoalKey and GoalArgs say the same
	// for translation (see the package doc for the keys and their args).
	Goal     string
	GoalKey  string
	GoalArgs map[string]any
	// Difficulty runs from 1 (easy) to 5 (hard).
	Difficulty int
	// Answer is a solution in move notation: for a solitaire the first
	// clearing sequence in ascending pit order (others are accepted too);
	// for a best-move puzzle the only right answer.
	Answer []string
}

// dayFormat is the layout of Puzzle.Date.
const dayFormat = "2006-01-02"

// ForDate returns the puzzle of date's UTC day. The same day always gives
// the same puzzle, on any machine; the clock time within the day does not
// matter. Making one takes from a few milliseconds to a few tenths of a
// second; the last few days' puzzles are kept, so asking again is free.
// The error is only for dates outside years 1..9999 or a generator that
// found nothing (which the tests rule out for the dates they cover).
func ForDate(date time.Time) (Puzzle, error) {
	d := date.UTC()
	if d.Year() < 1 || d.Year() > 9999 {
		return Puzzle{}, fmt.Errorf("puzzle: date %s is outside years 1..9999", d.Format(dayFormat))
	}
	day := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	key := day.Format(dayFormat)
	cache.Lock()
	p, ok := cache.m[key]
	cache.Unlock()
	if ok {
		return p.clone(), nil
	}
	p, err := generate(day)
	if err != nil {
		return Puzzle{}, err
	}
	cache.Lock()
	if cache.m == nil || len(cache.m) >= cacheSize {
		cache.m = map[string]Puzzle{}
	}
	cache.m[key] = p
	cache.Unlock()
	return p.clone(), nil
}

// cache keeps recent puzzles, by date; it is emptied when full.
var cache struct {
	sync.Mutex
	m map[string]Puzzle
}

const cacheSize = 16

// clone returns a copy that shares no map or slice with p.
func (p Puzzle) clone() Puzzle {
	p.Options = maps.Clone(p.Options)
	p.GoalArgs = maps.Clone(p.GoalArgs)
	p.Answer = slices.Clone(p.Answer)
	return p
}

// generate makes the puzzle of day (midnight UTC), without the cache.
func generate(day time.Time) (Puzzle, error) {
	sl := scheduleFor(day.Weekday())
	g := newGen(day, sl)
	var (
		p   Puzzle
		err error
	)
	switch sl.kind {
	case Solitaire:
		p, err = g.solitaire()
	case BestMove:
		p, err = g.bestMove()
	}
	if err != nil {
		return Puzzle{}, fmt.Errorf("puzzle %s: %w", g.date, err)
	}
	p.Date = g.date
	p.Kind = sl.kind
	p.Variant = p.Position.Rules().Variant().ID
	p.Options = p.Position.Rules().Options()
	p.Goal = goalText(p.GoalKey, p.GoalArgs)
	p.ID = makeID(p)
	return p, nil
}

// Today returns the puzzle of the current UTC day.
func Today() (Puzzle, error) { return ForDate(time.Now()) }

// Latest returns the most recent daily puzzle, on date's UTC day or up to
// six days before, whose kind or variant is kind ("solitaire",
// "best-move", "kalah", ...). The error names the known kinds.
func Latest(date time.Time, kind string) (Puzzle, error) {
	d := date.UTC()
	for back := range 7 {
		day := d.AddDate(0, 0, -back)
		if sl := scheduleFor(day.Weekday()); sl.kind == kind || sl.variant == kind {
			return ForDate(day)
		}
	}
	return Puzzle{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownKind, kind, strings.Join(Kinds(), ", "))
}

// ErrUnknownKind is Latest's error for a kind it does not know.
var ErrUnknownKind = errors.New("unknown puzzle kind")

// Kinds returns what Latest accepts: the kinds, then the variants, in
// the order of the week.
func Kinds() []string {
	out := []string{Solitaire, BestMove}
	for _, w := range []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday, time.Sunday} {
		if v := schedule[w].variant; !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// slot is what one weekday's puzzle is.
type slot struct {
	kind    string
	variant string
	// level says how hard the day's puzzle should be: for solitaires
	// "easy" or "hard"; for two-player games "" (any) or "hard".
	level string
}

// schedule rotates the kinds and variants through the week.
var schedule = map[time.Weekday]slot{
	time.Monday:    {Solitaire, "tchuka", "easy"},
	time.Tuesday:   {BestMove, "kalah", ""},
	time.Wednesday: {BestMove, "oware", ""},
	time.Thursday:  {BestMove, "togyz", ""},
	time.Friday:    {BestMove, "congkak", ""},
	time.Saturday:  {Solitaire, "tchuka", "hard"},
	time.Sunday:    {BestMove, "kalah", "hard"},
}

func scheduleFor(w time.Weekday) slot { return schedule[w] }

// Days returns the weekdays (of UTC days) whose daily puzzle is of
// variant, Monday first; none for a variant never scheduled.
func Days(variant string) []time.Weekday {
	var out []time.Weekday
	for _, w := range []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday, time.Saturday, time.Sunday} {
		if schedule[w].variant == variant {
			out = append(out, w)
		}
	}
	return out
}

// VariantOn returns the variant of the daily puzzle of date's UTC day,
// without making the puzzle.
func VariantOn(date time.Time) string { return scheduleFor(date.UTC().Weekday()).variant }

// gen is one date's generator: its random source is seeded from the date.
type gen struct {
	date string
	day  time.Time
	slot slot
	rng  *rand.Rand
}

func newGen(day time.Time, sl slot) *gen {
	date := day.Format(dayFormat)
	h := sha256.Sum256([]byte("mancala-puzzle/v1/" + date))
	rng := rand.New(rand.NewPCG(binary.LittleEndian.Uint64(h[:8]), binary.LittleEndian.Uint64(h[8:16])))
	return &gen{date: date, day: day, slot: sl, rng: rng}
}

// makeID is the date, the variant and four hex digits of a hash of the
// position and the answer.
func makeID(p Puzzle) string {
	h := fnv.New32a()
	b, _ := p.Position.MarshalJSON()
	h.Write(b)
	h.Write([]byte(strings.Join(p.Answer, " ")))
	return fmt.Sprintf("%s-%s-%04x", p.Date, p.Variant, h.Sum32()&0xffff)
}

// Moves returns the answer as moves.
func (p Puzzle) Moves() []engine.Move {
	out := make([]engine.Move, 0, len(p.Answer))
	for _, s := range p.Answer {
		m, err := engine.ParseMove(s)
		if err == nil {
			out = append(out, m)
		}
	}
	return out
}

// MarshalJSON writes the puzzle JSON of docs/spec.md section 4 without the
// answer.
func (p Puzzle) MarshalJSON() ([]byte, error) { return p.JSON(false) }

// JSON writes the puzzle JSON of docs/spec.md section 4: {"date", "id", "kind",
// "variant", "options", "position", "goal", "difficulty"} and, when reveal
// is set, "answer" (the moves in notation, in order).
func (p Puzzle) JSON(reveal bool) ([]byte, error) {
	if p.Position.Rules() == nil {
		return nil, fmt.Errorf("puzzle: no position")
	}
	var b bytes.Buffer
	field := func(name string, v any) error {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(name))
		b.WriteByte(':')
		enc, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(enc)
		return nil
	}
	opts := map[string]any{}
	v := p.Position.Rules().Variant()
	for _, o := range v.Options {
		if val, ok := p.Options[o.Name]; ok {
			opts[o.Name] = o.JSONValue(val)
		}
	}
	b.WriteByte('{')
	for _, f := range []struct {
		name string
		v    any
	}{
		{"date", p.Date}, {"id", p.ID}, {"kind", p.Kind}, {"variant", p.Variant},
		{"options", opts}, {"position", p.Position}, {"goal", p.Goal}, {"difficulty", p.Difficulty},
	} {
		if err := field(f.name, f.v); err != nil {
			return nil, err
		}
	}
	if reveal {
		ans := p.Answer
		if ans == nil {
			ans = []string{}
		}
		if err := field("answer", ans); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// clamp bounds a difficulty to 1..5.
func clamp(d int) int { return max(1, min(5, d)) }
