package locales

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
)

// VariantName returns the localized name of a variant id ("kalah" →
// "Калах" in Russian, "Kalaha" in Danish). Every id of the spec has a name;
// an unknown id is returned as it is.
func VariantName(l Lang, id string) string {
	id = normID(id)
	key := "variant_" + id
	if _, _, ok := lookup(l, key); !ok {
		return id
	}
	return Text(l, key, nil)
}

// ruleSet describes how the rules explanation of one variant is put
// together from the catalog.
//
// The options themselves (names, kinds, defaults, ranges) are the engine's
// (engine.Variant.Options): this package reads them there rather than
// keeping a copy. locales imports the engine for that and nothing else; the
// engine imports nothing of the project, so the dependencies still point
// one way.
type ruleSet struct {
	// solo marks a solitaire (different "how to play here" text).
	solo bool
	// bot, when set, is the key of the "how to play here" text.
	bot string
	// args returns the numbers the texts refer to, from resolved options.
	args func(o map[string]string) map[string]any
	// sections lists the section heading and body keys, in order, for the
	// resolved options.
	sections func(o map[string]string) [][2]string
}

// ruleSets is the registry of the rule sets, by variant id; each
// locales/rules_<variant>.go enters its own with registerRules.
var ruleSets = map[string]*ruleSet{}

// registerRules enters variant id's rule set; it panics on a second one.
func registerRules(id string, rs *ruleSet) {
	if _, dup := ruleSets[id]; dup {
		panic("locales: rules registered twice: " + id)
	}
	ruleSets[id] = rs
}

// RulesVariants lists the variant ids Rules can explain, in the engine's
// (the spec's) order: those with a rule set (locales/rules_<id>.go); its
// rules_<id>_* texts are in every language's text/<lang>/game_<id>.toml
// (rules.toml for the first variants).
func RulesVariants() []string {
	var ids []string
	for _, v := range engine.Variants() {
		if _, ok := ruleSets[v.ID]; ok {
			ids = append(ids, v.ID)
		}
	}
	return ids
}

// Rules returns a chat-sized explanation of variant id's rules in language l:
// the name as a *bold* title, a one-line summary, the settings of this game
// when they differ from the defaults, then short sections (setup, sowing,
// captures, the variant's special rules, the end and the winner) and how to
// play in the bot (pit numbering and buttons). The text follows the rules
// the engine implements, adapted to opts: the seeds per pit, the number of
// pits, Kalah's empty_capture and pie, Oware's grand_slam and repetition,
// Congkak's relay, the Bao games' capture_sower, skip_origin and infinite.
//
// opts uses the engine's option names and text values ("seeds": "5",
// "pie": "true"); it may be nil. Unknown options are ignored, and a value
// that is malformed or out of range counts as the default. The result is ""
// for an id without a rules text (see RulesVariants); the bot should then
// answer with err_unknown_variant.
func Rules(l Lang, id string, opts map[string]string) string {
	id = normID(id)
	rs, ok := ruleSets[id]
	if !ok {
		return ""
	}
	v, err := engine.Lookup(id)
	if err != nil {
		return ""
	}
	vals, changed := resolve(v.Options, opts)
	if full, err := v.Resolve(opts); err == nil {
		vals, changed = resolve(v.Options, full) // defaults that depend on other options (Ruma)
	}
	args := rs.args(vals)
	var b strings.Builder
	b.WriteString("*" + VariantName(l, id) + "*\n")
	b.WriteString(Text(l, "rules_"+id+"_intro", args))
	if len(changed) > 0 {
		b.WriteString("\n\n*" + Text(l, "rules_h_options", nil) + "*")
		for _, o := range changed {
			b.WriteString("\n• " + OptionName(l, id, o.Name) + ": " + OptionValue(l, id, o.Name, vals[o.Name]))
		}
	}
	for _, s := range rs.sections(vals) {
		b.WriteString("\n\n*" + Text(l, s[0], nil) + "*\n" + Text(l, s[1], args))
	}
	b.WriteString("\n\n*" + Text(l, "rules_h_bot", nil) + "*\n")
	bot := pick(rs.solo, "rules_bot_solo", "rules_bot")
	if rs.bot != "" {
		bot = rs.bot
	}
	b.WriteString(Text(l, bot, args))
	return b.String()
}

// resolve fills in the engine's defaults and canonicalizes values (a
// malformed or out-of-range value counts as the default); changed lists
// the options whose value differs from the default, in the engine's order.
func resolve(specs []engine.OptionSpec, opts map[string]string) (vals map[string]string, changed []engine.OptionSpec) {
	vals = make(map[string]string, len(specs))
	for _, o := range specs {
		v, ok := canonical(o, opts[o.Name])
		if !ok {
			v = o.Default
		}
		vals[o.Name] = v
		if v != o.Default {
			changed = append(changed, o)
		}
	}
	return vals, changed
}

// canonical returns v in canonical form, or false when it is not a valid
// value of the option.
func canonical(o engine.OptionSpec, v string) (string, bool) {
	v = strings.TrimSpace(v)
	switch o.Kind {
	case engine.IntOption:
		n, err := strconv.Atoi(v)
		if err != nil || n < o.Min || n > o.Max {
			return "", false
		}
		return strconv.Itoa(n), true
	case engine.BoolOption:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return "", false
		}
		return strconv.FormatBool(b), true
	}
	if i := slices.IndexFunc(o.Values, func(x string) bool { return strings.EqualFold(x, v) }); i >= 0 {
		return o.Values[i], true
	}
	return "", false
}

// OptionName returns the localized name of a variant's option ("seeds" →
// "Seeds per pit", "Камней в лунке"). It looks up opt_<variant>_<option>,
// then opt_<option>, and returns the option id when neither exists.
func OptionName(l Lang, variant, option string) string {
	return optionText(l, "opt_", variant, option)
}

// OptionDoc returns a one-sentence localized description of a variant's
// option (at most 100 characters, so it fits a Discord option description).
// It looks up optdoc_<variant>_<option>, then optdoc_<option>, and returns
// "" when neither exists.
func OptionDoc(l Lang, variant, option string) string {
	s := optionText(l, "optdoc_", variant, option)
	if s == option {
		return ""
	}
	return s
}

func optionText(l Lang, prefix, variant, option string) string {
	variant, option = normID(variant), strings.TrimSpace(option)
	for _, key := range []string{prefix + variant + "-" + option, prefix + option} {
		if _, _, ok := lookup(l, key); ok {
			return Text(l, key, nil)
		}
	}
	return option
}

// OptionValue returns a localized description of an option value: "yes"/"no"
// ("да"/"нет") for a true/false option, the localized meaning of an enum
// value (Oware grand_slam "nocapture" → "allowed, captures nothing"), and
// the value itself for numbers and anything unknown.
func OptionValue(l Lang, variant, option, value string) string {
	variant, value = normID(variant), strings.TrimSpace(value)
	if b, err := strconv.ParseBool(value); err == nil && !isNumber(value) {
		return Text(l, pick(b, "optval_true", "optval_false"), nil)
	}
	key := "optval_" + variant + "-" + option + "-" + strings.ToLower(value)
	if _, _, ok := lookup(l, key); ok {
		return Text(l, key, nil)
	}
	return value
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func normID(id string) string { return strings.ToLower(strings.TrimSpace(id)) }

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
