package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
)

// Setup describes a position to build with [NewPosition].
type Setup struct {
	ToMove Side
	Ply    int
	// Pits lists each side's pits in its own 1..N order, indexed by Side.
	Pits [][]int
	// Stores lists each side's store, indexed by Side (missing ones are 0).
	Stores []int
	// Status may be left Ongoing; a finished status is taken as given.
	Status Status
	// Extra is the variant state, as in position JSON.
	Extra map[string]json.RawMessage
}

// NewPosition builds a position of rules r. The error says which part of
// the setup is wrong: a side with the wrong number of pits, a negative
// count, too many seeds, an unknown extra key, or an "ongoing" position the
// rules say is already over.
func NewPosition(r Rules, s Setup) (Position, error) {
	l := r.Layout()
	p := Position{rules: r, status: s.Status}
	if int(s.ToMove) >= l.Sides {
		return p, fmt.Errorf("to_move: %s is not a side of %s", s.ToMove, r.Variant().ID)
	}
	p.toMove = s.ToMove
	if w, ok := s.Status.Winner(); ok && int(w) >= l.Sides {
		return p, fmt.Errorf("status: %s: %s is not a side of %s", s.Status, w, r.Variant().ID)
	}
	if s.Ply < 0 || s.Ply > 1<<30 {
		return p, fmt.Errorf("ply: %d is out of range", s.Ply)
	}
	p.ply = int32(s.Ply)
	if len(s.Pits) != l.Sides {
		return p, fmt.Errorf("pits: want %d sides, got %d", l.Sides, len(s.Pits))
	}
	if len(s.Stores) > l.Sides {
		return p, fmt.Errorf("stores: want %d sides, got %d", l.Sides, len(s.Stores))
	}
	total := 0
	put := func(what string, c Cell, n int) error {
		if n < 0 {
			return fmt.Errorf("%s: %d seeds is negative", what, n)
		}
		total += n
		if total > 255 {
			return fmt.Errorf("%s: more than 255 seeds on the board", what)
		}
		p.cells[c] = uint8(n)
		return nil
	}
	for si, pits := range s.Pits {
		side := Side(si)
		if len(pits) != l.Pits {
			return p, fmt.Errorf("pits.%s: want %d pits, got %d", side, l.Pits, len(pits))
		}
		for i, n := range pits {
			if err := put(fmt.Sprintf("pits.%s[%d]", side, i), l.Pit(side, i+1), n); err != nil {
				return p, err
			}
		}
	}
	for si, n := range s.Stores {
		if l.Store(Side(si)) == NoCell { // a board without stores (four-row Bao)
			if n != 0 {
				return p, fmt.Errorf("stores.%s: %s has no stores (want 0)", Side(si), r.Variant().ID)
			}
			continue
		}
		if err := put(fmt.Sprintf("stores.%s", Side(si)), l.Store(Side(si)), n); err != nil {
			return p, err
		}
	}
	if err := r.setExtra(&p, s.Extra); err != nil {
		return p, err
	}
	// Seeds in hand (extra) count too: Ohojitxi's pending drop, Bao's hands.
	if n := p.Seeds(); n > 255 {
		return p, fmt.Errorf("extra: %d seeds with those in hand, more than the 255 a position holds", n)
	}
	if p.status == Ongoing {
		q := p
		r.settle(&q, nil)
		if q.toMove != p.toMove { // a pass (ayoayo starve=false, C5)
			return p, fmt.Errorf("to_move: %s cannot move and would pass", p.toMove)
		}
		if q.status != Ongoing {
			return p, fmt.Errorf("status: the position is marked ongoing, but by the rules the game is over (%s, %s)", q.reason, q.status)
		}
	}
	return p, nil
}

// Setup returns the description NewPosition would rebuild p from.
func (p Position) Setup() Setup {
	l := p.rules.Layout()
	s := Setup{ToMove: p.toMove, Ply: int(p.ply), Status: p.status}
	for side := range Side(l.Sides) {
		pits := make([]int, l.Pits)
		for i := range pits {
			pits[i] = p.Pit(side, i+1)
		}
		s.Pits = append(s.Pits, pits)
		s.Stores = append(s.Stores, p.Store(side))
	}
	if extra := p.rules.extra(&p); extra != nil {
		s.Extra = map[string]json.RawMessage{}
		for k, v := range extra {
			b, _ := json.Marshal(v)
			s.Extra[k] = b
		}
	}
	return s
}

// positionJSON is the spec's position JSON (docs/spec.md section 3).
type positionJSON struct {
	Variant string                     `json:"variant"`
	Options map[string]json.RawMessage `json:"options"`
	ToMove  string                     `json:"to_move"`
	Ply     int                        `json:"ply"`
	Pits    map[string][]int           `json:"pits"`
	Stores  map[string]int             `json:"stores"`
	Status  string                     `json:"status"`
	Extra   map[string]json.RawMessage `json:"extra"`
}

// MarshalJSON writes the position JSON of docs/spec.md section 3. Keys are
// written in the spec's order, sides South first.
func (p Position) MarshalJSON() ([]byte, error) {
	r := p.rules
	if r == nil {
		return nil, errors.New("engine: zero Position")
	}
	var b bytes.Buffer
	field := func(name string, v any) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(name))
		b.WriteByte(':')
		enc, _ := json.Marshal(v)
		b.Write(enc)
	}
	b.WriteByte('{')
	field("variant", r.Variant().ID)
	opts := map[string]any{}
	for _, o := range r.Variant().Options {
		v := r.Options()[o.Name]
		if o.OmitDefault && v == o.Default {
			continue
		}
		opts[o.Name] = o.JSONValue(v)
	}
	field("options", opts)
	field("to_move", p.toMove.String())
	field("ply", p.ply)
	s := p.Setup()
	field("pits", sideMap(s.Pits))
	field("stores", sideMap(s.Stores))
	field("status", p.status.String())
	extra := p.rules.extra(&p)
	if extra == nil {
		extra = map[string]any{}
	}
	field("extra", extra)
	b.WriteByte('}')
	return b.Bytes(), nil
}

// sideMap is a JSON object with the sides in seat order.
type sideMapJSON[T any] struct {
	vals []T
}

func sideMap[T any](vals []T) sideMapJSON[T] { return sideMapJSON[T]{vals} }

func (m sideMapJSON[T]) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	order := []Side{South, North, East, West}
	if len(m.vals) == 4 { // four seats: in turn order (Ruma)
		order = rumaSeats[:]
	}
	for i, s := range order[:len(m.vals)] {
		v := m.vals[s]
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(s.String()))
		b.WriteByte(':')
		enc, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b.Write(enc)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// ParsePosition reads position JSON. The error says what is wrong and where:
// "line 3, column 9: invalid character ..." for malformed JSON, or the field
// at fault ("pits.north: want 6 pits, got 5") for a position that cannot be.
// Missing fields take the start position's values; "options" may be partial.
func ParsePosition(data []byte) (Position, error) {
	var j positionJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return Position{}, jsonError(data, err)
	}
	if dec.More() {
		return Position{}, errors.New("position JSON: more than one JSON value")
	}
	if j.Variant == "" {
		return Position{}, errors.New("variant: missing")
	}
	v, err := Lookup(j.Variant)
	if err != nil {
		return Position{}, fmt.Errorf("variant: %w", err)
	}
	opts := Options{}
	for k, raw := range j.Options {
		var val any
		if err := json.Unmarshal(raw, &val); err != nil {
			return Position{}, fmt.Errorf("options.%s: %w", k, err)
		}
		switch x := val.(type) {
		case string:
			opts[k] = x
		case bool:
			opts[k] = strconv.FormatBool(x)
		case float64:
			opts[k] = strconv.FormatFloat(x, 'f', -1, 64)
		default:
			return Position{}, fmt.Errorf("options.%s: want a number, a bool or a string", k)
		}
	}
	r, err := v.New(opts)
	if err != nil {
		return Position{}, fmt.Errorf("options: %w", err)
	}
	start := r.Start()
	s := start.Setup()
	s.Ply = j.Ply
	s.Extra = j.Extra
	if j.ToMove != "" {
		side, err := ParseSide(j.ToMove)
		if err != nil {
			return Position{}, fmt.Errorf("to_move: %w", err)
		}
		s.ToMove = side
	}
	if j.Status != "" {
		st, err := ParseStatus(j.Status)
		if err != nil {
			return Position{}, fmt.Errorf("status: %w", err)
		}
		s.Status = st
	}
	if err := fillSides("pits", j.Pits, s.Pits, r.Layout().Sides); err != nil {
		return Position{}, err
	}
	if j.Stores != nil {
		stores := make([]int, r.Layout().Sides)
		if err := fillSides("stores", j.Stores, stores, r.Layout().Sides); err != nil {
			return Position{}, err
		}
		s.Stores = stores
	}
	return NewPosition(r, s)
}

// fillSides copies m's entries into dst by side, rejecting unknown sides.
func fillSides[T any](field string, m map[string]T, dst []T, sides int) error {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		side, err := ParseSide(k)
		if err != nil || int(side) >= sides {
			return fmt.Errorf("%s.%s: not a side of this game", field, k)
		}
		dst[side] = m[k]
	}
	return nil
}

// jsonError turns a decoding error into one line with the place it refers to.
func jsonError(data []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(data, syn.Offset-1) // Offset counts the bad byte
		return fmt.Errorf("position JSON, line %d, column %d: %v", line, col, syn)
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset)
		return fmt.Errorf("position JSON, line %d, column %d: %s: want %s, got %s", line, col, typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.EOF):
		return errors.New("position JSON: empty input")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("position JSON: unexpected end of input")
	}
	return fmt.Errorf("position JSON: %v", err)
}

func lineCol(data []byte, off int64) (line, col int) {
	off = max(0, min(off, int64(len(data))))
	line, col = 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
