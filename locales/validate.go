package locales

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/text/feature/plural"
)

// Validate checks the embedded catalog and returns every problem found, or
// nil. The bot may call it at start-up to fail fast; the tests require nil.
// It reports:
//   - files that failed to load (bad TOML, duplicate keys, bad values);
//   - keys missing in a language, or present in a language but not in
//     English (stale), listed per language;
//   - plural messages without a form their language needs, with a form that
//     does not show {Count}, or plural in one language and plain in another;
//   - placeholders whose names differ from the English text's, and
//     {Name:key} references to a key that is not a plural message;
//   - markup other than *bold* and bullets: '_' or '`', or an odd number of
//     '*' on a line; the names of commands and arguments (cmdname_*,
//     argname_*) may contain '_', as they are names, not texts.
func Validate() error {
	var errs []error
	if cat.loadErr != nil {
		errs = append(errs, cat.loadErr)
	}
	en := cat.msgs[EN]
	for _, l := range All {
		m := cat.msgs[l]
		if l != EN {
			if missing := diffKeys(en, m); len(missing) > 0 {
				errs = append(errs, fmt.Errorf("%s: missing %d keys: %s", l, len(missing), strings.Join(missing, ", ")))
			}
			if extra := diffKeys(m, en); len(extra) > 0 {
				errs = append(errs, fmt.Errorf("%s: keys not in English: %s", l, strings.Join(extra, ", ")))
			}
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for _, err := range checkMessage(l, k, m[k], en) {
				errs = append(errs, fmt.Errorf("%s: %s: %w", l, k, err))
			}
		}
	}
	return errors.Join(errs...)
}

// isName reports whether key is the name of a command or of an argument
// (cmdname_*, argname_*): a slash command's name on Discord, where '_' is
// allowed, never a text sent with Telegram Markdown.
func isName(key string) bool {
	return strings.HasPrefix(key, "cmdname_") || strings.HasPrefix(key, "argname_")
}

// diffKeys returns the keys of a that b lacks, sorted.
func diffKeys(a, b map[string]message) []string {
	var out []string
	for k := range a {
		if _, ok := b[k]; !ok {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func checkMessage(l Lang, key string, msg message, en map[string]message) []error {
	var errs []error
	ref, hasRef := en[key]
	if hasRef && (msg.forms == nil) != (ref.forms == nil) {
		errs = append(errs, errors.New("plural in one language and plain in the other"))
	}
	if msg.forms != nil {
		for f, text := range msg.forms {
			if !slices.ContainsFunc(placeholders(text), func(p placeholder) bool { return p.name == "Count" }) {
				errs = append(errs, fmt.Errorf("plural form %q does not show {Count}", formName(f)))
			}
		}
		for _, f := range requiredForms[l] {
			if _, ok := msg.forms[f]; !ok {
				errs = append(errs, fmt.Errorf("plural form %q missing", formName(f)))
			}
		}
	}
	for _, text := range msg.texts() {
		if text == "" {
			errs = append(errs, errors.New("empty text"))
		}
		bare := substitute(text, func(string, string) (string, bool) { return "", true })
		if strings.ContainsAny(bare, "_`") && !isName(key) {
			errs = append(errs, errors.New("contains '_' or '`', which break Telegram Markdown"))
		}
		for _, line := range strings.Split(bare, "\n") {
			if strings.Count(line, "*")%2 != 0 {
				errs = append(errs, fmt.Errorf("odd number of '*' in line %q", line))
			}
		}
		for _, p := range placeholders(text) {
			if p.sub == "" {
				continue
			}
			if sub, ok := en[p.sub]; !ok || sub.forms == nil {
				errs = append(errs, fmt.Errorf("{%s:%s}: %q is not a plural message", p.name, p.sub, p.sub))
			}
		}
	}
	if hasRef && l != EN {
		want, got := ref.placeholderNames(), msg.placeholderNames()
		if !slices.Equal(want, got) {
			errs = append(errs, fmt.Errorf("placeholders %v, English has %v", got, want))
		}
	}
	return errs
}

// texts returns the message's text, or each of its plural forms.
func (m message) texts() []string {
	if m.forms == nil {
		return []string{m.text}
	}
	out := make([]string, 0, len(m.forms))
	for _, f := range []plural.Form{plural.Zero, plural.One, plural.Two, plural.Few, plural.Many, plural.Other} {
		if s, ok := m.forms[f]; ok {
			out = append(out, s)
		}
	}
	return out
}

// placeholderNames returns the sorted set of placeholder names (without the
// :key part) used anywhere in the message. "Count" is left out for plural
// messages: a form such as Russian "one" may spell the number out.
func (m message) placeholderNames() []string {
	set := map[string]bool{}
	for _, t := range m.texts() {
		for _, p := range placeholders(t) {
			set[p.name] = true
		}
	}
	if m.forms != nil {
		delete(set, "Count")
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func formName(f plural.Form) string {
	for n, g := range formNames {
		if g == f {
			return n
		}
	}
	return "?"
}
