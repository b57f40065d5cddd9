package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Options are a rule set's option values, by name, written as text
// ("pits": "6", "pie": "true", "grand_slam": "capture").
type Options map[string]string

// OptionKind is the type of an option's value.
type OptionKind uint8

// Option kinds.
const (
	IntOption OptionKind = iota
	BoolOption
	EnumOption
)

// OptionSpec describes one option a variant accepts.
type OptionSpec struct {
	Name    string
	Kind    OptionKind
	Default string
	// Min and Max bound an IntOption.
	Min, Max int
	// Values lists an EnumOption's allowed values.
	Values []string
	// Doc says in one English sentence what the option changes.
	Doc string
	// OmitDefault leaves the option out of position JSON while it has its
	// default value: an option added to a variant after its positions were
	// first written (Kalah's and Oware's cross), so that their JSON, and
	// what is derived from it (the daily puzzles' ids), stays as it was.
	// Reading JSON, a missing option takes its default anyway.
	OmitDefault bool
}

// check validates v against the spec and returns it in canonical form.
func (o OptionSpec) check(v string) (string, error) {
	switch o.Kind {
	case IntOption:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return "", fmt.Errorf("option %s: %q is not a whole number", o.Name, v)
		}
		if n < o.Min || n > o.Max {
			return "", fmt.Errorf("option %s: %d is outside %d..%d", o.Name, n, o.Min, o.Max)
		}
		return strconv.Itoa(n), nil
	case BoolOption:
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return "", fmt.Errorf("option %s: %q is not true or false", o.Name, v)
		}
		return strconv.FormatBool(b), nil
	default:
		if slices.Contains(o.Values, v) {
			return v, nil
		}
		return "", fmt.Errorf("option %s: %q is not one of %s", o.Name, v, strings.Join(o.Values, ", "))
	}
}

// JSONValue returns the option value typed for JSON: a number, a bool or a
// string. v must already be valid.
func (o OptionSpec) JSONValue(v string) any {
	switch o.Kind {
	case IntOption:
		n, _ := strconv.Atoi(v)
		return n
	case BoolOption:
		return v == "true"
	}
	return v
}

// Variant is a registered game.
type Variant struct {
	// ID is the variant's id, as in the spec ("kalah", "oware", ...).
	ID string
	// Name is the English name; the bot localizes names itself.
	Name string
	// Players is 1 for a solitaire, else the number of players.
	Players int
	// Options lists the accepted options, in the order to show them.
	Options []OptionSpec
	// BoardBytes is the largest board image, in bytes, the bot should
	// send for a position of the variant (a PNG at the bot's scale, with
	// the players' names): SmallBoardBytes for boards of two rows (and
	// Ohojitxi's two columns), LargeBoardBytes for boards of four rows or
	// four seats, and of three rows (Gabata, Selus, Sulus: busy ones reach
	// 37 KB, which no compression fast enough for a move brings under 30
	// KB without changing the picture). The renderer compresses harder to
	// stay under it, and its tests hold every variant to its own.
	BoardBytes int
	// Order places the variant in lists and menus (Variants): the lower
	// first. Each variant has its own (register panics on a tie); the
	// existing ones count in tens, in the order of the spec's table, so a
	// new one can go between two.
	Order int
	// Aliases are other names people use for the variant, lower case
	// ("mancala" for Kalah); the bot accepts them for the id. An alias is
	// never another variant's id or alias (register panics).
	Aliases []string

	build func(v *Variant, opts Options) (Rules, error)
	// fill, if set, changes the resolved options out whose default depends
	// on another option, for those not given (Ruma's penalty_limit).
	fill func(given, out Options)

	mu    sync.Mutex
	cache map[string]Rules // by canonical options: rules are immutable and shared
}

// Option returns the spec of the named option.
func (v *Variant) Option(name string) (OptionSpec, bool) {
	for _, o := range v.Options {
		if o.Name == name {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// Defaults returns the variant's default option values.
func (v *Variant) Defaults() Options {
	opts := make(Options, len(v.Options))
	for _, o := range v.Options {
		opts[o.Name] = o.Default
	}
	return opts
}

// Resolve checks opts against the variant's specs and returns a complete set,
// defaults filled in and values in canonical form. The error names the
// option at fault: an unknown name, or a value of the wrong type or range.
func (v *Variant) Resolve(opts Options) (Options, error) {
	out := v.Defaults()
	names := make([]string, 0, len(opts))
	for k := range opts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		spec, ok := v.Option(k)
		if !ok {
			known := make([]string, len(v.Options))
			for i, o := range v.Options {
				known[i] = o.Name
			}
			if len(known) == 0 {
				return nil, fmt.Errorf("unknown option %q: %s takes no options", k, v.ID)
			}
			return nil, fmt.Errorf("unknown option %q for %s (known: %s)", k, v.ID, strings.Join(known, ", "))
		}
		val, err := spec.check(opts[k])
		if err != nil {
			return nil, err
		}
		out[k] = val
	}
	if v.fill != nil {
		v.fill(opts, out)
	}
	return out, nil
}

// New returns the variant's rules with the given options (missing ones take
// their defaults). The error names an unknown option or a bad value. The
// same options always give the same Rules value, so positions of one rule
// set compare equal with == however they were made.
func (v *Variant) New(opts Options) (Rules, error) {
	full, err := v.Resolve(opts)
	if err != nil {
		return nil, err
	}
	var k strings.Builder
	for _, o := range v.Options {
		k.WriteString(full[o.Name])
		k.WriteByte(0)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if r, ok := v.cache[k.String()]; ok {
		return r, nil
	}
	r, err := v.build(v, full)
	if err != nil {
		return nil, err
	}
	if v.cache == nil {
		v.cache = map[string]Rules{}
	}
	v.cache[k.String()] = r
	return r, nil
}

// The board image limits of BoardBytes.
const (
	SmallBoardBytes = 30 << 10
	LargeBoardBytes = 45 << 10
)

var registry = map[string]*Variant{}

// register adds a variant; it is called from the variants' init functions.
func register(v *Variant) {
	if v.BoardBytes <= 0 {
		panic("engine: variant " + v.ID + " registered without BoardBytes")
	}
	if _, dup := registry[v.ID]; dup {
		panic("engine: variant registered twice: " + v.ID)
	}
	if v.Order <= 0 {
		panic("engine: variant " + v.ID + " registered without Order")
	}
	for _, o := range registry {
		if o.Order == v.Order {
			panic(fmt.Sprintf("engine: variants %s and %s both have Order %d", o.ID, v.ID, v.Order))
		}
		for _, a := range v.Aliases {
			if a == o.ID || slices.Contains(o.Aliases, a) {
				panic("engine: alias " + a + " of " + v.ID + " is taken by " + o.ID)
			}
		}
		for _, a := range o.Aliases {
			if a == v.ID {
				panic("engine: id " + v.ID + " is an alias of " + o.ID)
			}
		}
	}
	registry[v.ID] = v
}

// Lookup returns the variant with the given id. The error lists the known
// ids.
func Lookup(id string) (*Variant, error) {
	if v, ok := registry[strings.ToLower(strings.TrimSpace(id))]; ok {
		return v, nil
	}
	ids := make([]string, 0, len(registry))
	for _, v := range Variants() {
		ids = append(ids, v.ID)
	}
	return nil, fmt.Errorf("unknown variant %q (known: %s)", id, strings.Join(ids, ", "))
}

// Variants returns every registered variant, by Order.
func Variants() []*Variant {
	out := make([]*Variant, 0, len(registry))
	for _, v := range registry {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Order < out[j].Order })
	return out
}

// New returns the rules of variant id with the given options. It is
// Lookup followed by Variant.New, and returns their errors.
func New(id string, opts Options) (Rules, error) {
	v, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return v.New(opts)
}

// MustNew is New for options known to be valid; it panics otherwise. For
// tests and package-level tables.
func MustNew(id string, opts Options) Rules {
	r, err := New(id, opts)
	if err != nil {
		panic(err)
	}
	return r
}

// optInt and optBool read resolved options; the values were validated by
// Resolve.
func optInt(o Options, k string) int {
	n, _ := strconv.Atoi(o[k])
	return n
}

func optBool(o Options, k string) bool { return o[k] == "true" }
