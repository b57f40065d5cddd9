package locales

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/feature/plural"
)

//go:embed text
var textFS embed.FS

// message is one text in one language: a plain string, or plural forms.
type message struct {
	text  string                 // the text of a plain message
	forms map[plural.Form]string // the forms of a plural message, or nil
}

// catalog holds every language's messages; it is built once at start-up
// and only read afterwards, so it is safe for concurrent use.
type catalog struct {
	msgs    map[Lang]map[string]message
	loadErr error
}

var cat = load(textFS)

var formNames = map[string]plural.Form{
	"zero": plural.Zero, "one": plural.One, "two": plural.Two,
	"few": plural.Few, "many": plural.Many, "other": plural.Other,
}

// requiredForms are the CLDR cardinal categories of each language: a plural
// message must give every one of them.
var requiredForms = map[Lang][]plural.Form{
	EN: {plural.One, plural.Other},
	DA: {plural.One, plural.Other},
	RU: {plural.One, plural.Few, plural.Many, plural.Other},
	PL: {plural.One, plural.Few, plural.Many, plural.Other},
}

// load reads text/<lang>/*.toml for every language. Errors (malformed TOML,
// a key defined twice, a value that is neither a string nor a table of
// plural forms) are collected in loadErr; whatever could be read is kept.
func load(fsys fs.FS) *catalog {
	c := &catalog{msgs: map[Lang]map[string]message{}}
	var errs []error
	for _, l := range All {
		m := map[string]message{}
		c.msgs[l] = m
		dir := path.Join("text", string(l))
		files, err := fs.Glob(fsys, dir+"/*.toml")
		if err != nil || len(files) == 0 {
			errs = append(errs, fmt.Errorf("%s: no message files", dir))
			continue
		}
		sort.Strings(files)
		for _, f := range files {
			data, err := fs.ReadFile(fsys, f)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			var raw map[string]any
			if _, err := toml.Decode(string(data), &raw); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", f, err))
				continue
			}
			for k, v := range raw {
				if _, dup := m[k]; dup {
					errs = append(errs, fmt.Errorf("%s: key %q defined twice", f, k))
					continue
				}
				msg, err := toMessage(v)
				if err != nil {
					errs = append(errs, fmt.Errorf("%s: key %q: %w", f, k, err))
					continue
				}
				m[k] = msg
			}
		}
	}
	c.loadErr = errors.Join(errs...)
	return c
}

func toMessage(v any) (message, error) {
	switch v := v.(type) {
	case string:
		return message{text: strings.TrimSpace(v)}, nil
	case map[string]any:
		msg := message{forms: map[plural.Form]string{}}
		for name, fv := range v {
			f, ok := formNames[name]
			if !ok {
				return message{}, fmt.Errorf("%q is not a plural form (zero, one, two, few, many, other)", name)
			}
			s, ok := fv.(string)
			if !ok {
				return message{}, fmt.Errorf("plural form %q is not a string", name)
			}
			msg.forms[f] = strings.TrimSpace(s)
		}
		if _, ok := msg.forms[plural.Other]; !ok {
			return message{}, errors.New(`a plural message needs the form "other"`)
		}
		return msg, nil
	}
	return message{}, fmt.Errorf("value of type %T: want a string or a table of plural forms", v)
}

// lookup finds key in l, then in English. lang is the language whose text
// was found (its plural rules apply).
func lookup(l Lang, key string) (msg message, lang Lang, ok bool) {
	l = l.norm()
	if msg, ok := cat.msgs[l][key]; ok {
		return msg, l, true
	}
	if msg, ok := cat.msgs[EN][key]; ok {
		return msg, EN, true
	}
	return message{}, EN, false
}

// Has reports whether key exists in l itself (without the English fallback).
func Has(l Lang, key string) bool {
	_, ok := cat.msgs[l.norm()][key]
	return ok
}

// Keys returns every key of the English catalog, sorted.
func Keys() []string {
	keys := make([]string, 0, len(cat.msgs[EN]))
	for k := range cat.msgs[EN] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Text renders the message key in language l with args.
//
// Contract:
//   - A key missing in l falls back to English; a key missing in English
//     too returns the key itself. Text never panics and never returns "".
//   - A Lang other than the four is treated as EN.
//   - {Name} placeholders take args["Name"], formatted with fmt.Sprint;
//     {Name:key} renders the plural message key with Count = args["Name"].
//     A placeholder with no value in args is left untouched.
//   - For a plural message, args["Count"] (any integer type, or a string of
//     digits) chooses the CLDR form of the language the text was found in;
//     without a usable Count the form "other" is used.
//
// args may be nil.
func Text(l Lang, key string, args map[string]any) string {
	return render(l, key, args, 0)
}

// Plural renders the plural message key for the number n, e.g.
// Plural(RU, "seeds", 5) == "5 камней", Plural(PL, "seeds", 22) ==
// "22 kamienie", Plural(DA, "seeds", 1) == "1 frø". It is Text with
// args {"Count": n}.
func Plural(l Lang, key string, n int) string {
	return Text(l, key, map[string]any{"Count": n})
}

// Seeds is Plural(l, "seeds", n): "1 seed", "2 seeds"; "5 камней".
func Seeds(l Lang, n int) string { return Plural(l, "seeds", n) }

// maxDepth bounds nested {Name:key} rendering.
const maxDepth = 3

func render(l Lang, key string, args map[string]any, depth int) string {
	msg, lang, ok := lookup(l, key)
	if !ok {
		return key
	}
	text := msg.text
	if msg.forms != nil {
		text = msg.forms[plural.Other]
		if n, ok := toInt(args["Count"]); ok {
			if s, ok := msg.forms[formOf(lang, n)]; ok {
				text = s
			}
		}
	}
	out := substitute(text, func(name, sub string) (string, bool) {
		v, ok := args[name]
		if !ok {
			return "", false
		}
		if sub != "" && depth < maxDepth {
			if _, _, ok := lookup(lang, sub); ok {
				if n, ok := toInt(v); ok {
					return render(lang, sub, map[string]any{"Count": n}, depth+1), true
				}
			}
		}
		return fmt.Sprint(v), true
	})
	if out == "" {
		return key
	}
	return out
}

// formOf returns the CLDR cardinal plural form of the integer n in l.
func formOf(l Lang, n int) plural.Form {
	if n < 0 {
		if n == math.MinInt {
			n = math.MaxInt
		} else {
			n = -n
		}
	}
	return plural.Cardinal.MatchPlural(l.Tag(), n, 0, 0, 0, 0)
}

func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int8:
		return int(n), true
	case int16:
		return int(n), true
	case int32:
		return int(n), true
	case int64:
		return int(n), true
	case uint:
		return int(n), true
	case uint8:
		return int(n), true
	case uint16:
		return int(n), true
	case uint32:
		return int(n), true
	case uint64:
		return int(n), true
	case string:
		i, err := strconv.Atoi(strings.TrimSpace(n))
		return i, err == nil
	}
	return 0, false
}

// placeholder is one {Name} or {Name:key} found in a text.
type placeholder struct {
	name, sub string
}

// substitute replaces every well-formed placeholder in s by what value
// returns, leaving it as written when value reports false. A brace that does
// not open a well-formed placeholder is copied as it is.
func substitute(s string, value func(name, sub string) (string, bool)) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i:]
		j := strings.IndexByte(s, '}')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		p, ok := parsePlaceholder(s[1:j])
		if !ok {
			b.WriteByte('{')
			s = s[1:]
			continue
		}
		if v, ok := value(p.name, p.sub); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[:j+1])
		}
		s = s[j+1:]
	}
}

// placeholders lists the well-formed placeholders of s, in order.
func placeholders(s string) []placeholder {
	var ps []placeholder
	substitute(s, func(name, sub string) (string, bool) {
		ps = append(ps, placeholder{name, sub})
		return "", false
	})
	return ps
}

// parsePlaceholder reads "Name" or "Name:key": Name is a letter followed by
// letters and digits, key is lower-case letters, digits and '_' or '-'.
func parsePlaceholder(s string) (placeholder, bool) {
	name, sub, _ := strings.Cut(s, ":")
	if name == "" || !isLetter(name[0]) {
		return placeholder{}, false
	}
	for i := 1; i < len(name); i++ {
		if !isLetter(name[i]) && !isDigit(name[i]) {
			return placeholder{}, false
		}
	}
	if strings.Contains(s, ":") {
		if sub == "" {
			return placeholder{}, false
		}
		for i := 0; i < len(sub); i++ {
			c := sub[i]
			if !(c >= 'a' && c <= 'z') && !isDigit(c) && c != '_' && c != '-' {
				return placeholder{}, false
			}
		}
	}
	return placeholder{name, sub}, true
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
