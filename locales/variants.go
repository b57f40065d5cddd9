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

var ruleSets = map[string]*ruleSet{
	"kalah": {
		args: func(o map[string]string) map[string]any {
			return map[string]any{"Pits": atoi(o["pits"]), "Seeds": atoi(o["seeds"]), "N": atoi(o["pits"])}
		},
		sections: func(o map[string]string) [][2]string {
			s := [][2]string{
				{"rules_h_setup", "rules_kalah_setup"},
				{"rules_h_sowing", "rules_kalah_sowing"},
			}
			if o["cross"] == "true" {
				s = append(s, [2]string{"rules_h_cross_sowing", "rules_kalah_cross"})
			}
			s = append(s,
				[2]string{"rules_h_extra", "rules_kalah_extra"},
				[2]string{"rules_h_capture", pick(o["empty_capture"] == "true", "rules_kalah_capture_empty", "rules_kalah_capture")})
			if o["pie"] == "true" {
				s = append(s, [2]string{"rules_h_swap", "rules_kalah_swap"})
			}
			return append(s, [2]string{"rules_h_end", "rules_kalah_end"})
		},
	},
	"oware": {
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 12 * s, "Win": 6*s + 1, "Half": 6 * s, "N": 6}
		},
		sections: func(o map[string]string) [][2]string {
			// With cross-sowing the sowing section says both ways (a
			// section of its own would take the Polish text past
			// Discord's 2000 characters).
			return [][2]string{
				{"rules_h_setup", "rules_oware_setup"},
				{"rules_h_sowing", pick(o["cross"] == "true", "rules_oware_sowing_cross", "rules_oware_sowing")},
				{"rules_h_capture", "rules_oware_capture"},
				{"rules_h_feeding", "rules_oware_feeding"},
				{"rules_h_grand_slam", "rules_oware_grand_slam_" + o["grand_slam"]},
				{"rules_h_end", "rules_oware_end"},
			}
		},
	},
	"togyz": {
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_togyz_setup"},
				{"rules_h_sowing", "rules_togyz_sowing"},
				{"rules_h_capture", "rules_togyz_capture"},
				{"rules_h_tuzdyk", "rules_togyz_tuzdyk"},
				{"rules_h_end", "rules_togyz_end"},
			}
		},
	},
	"congkak": {
		args: func(map[string]string) map[string]any { return map[string]any{"N": 7} },
		sections: func(o map[string]string) [][2]string {
			s := [][2]string{{"rules_h_setup", "rules_congkak_setup"}}
			if o["relay"] == "true" {
				s = append(s, [2]string{"rules_h_sowing", "rules_congkak_sowing"},
					[2]string{"rules_h_relay", "rules_congkak_relay"})
			} else {
				s = append(s, [2]string{"rules_h_sowing", "rules_congkak_sowing_norelay"})
			}
			s = append(s,
				[2]string{"rules_h_extra", "rules_congkak_extra"},
				[2]string{"rules_h_capture", "rules_congkak_capture"})
			if o["pie"] == "true" {
				s = append(s, [2]string{"rules_h_swap", "rules_kalah_swap"})
			}
			return append(s, [2]string{"rules_h_end", "rules_congkak_end"})
		},
	},
	"bao-kujifunza": {
		bot:  "rules_bot_bao4",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 16} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_bao-kujifunza_setup"},
				{"rules_h_sowing", "rules_bao-kujifunza_sowing"},
				{"rules_h_capture", "rules_bao-kujifunza_capture"},
				{"rules_h_takasa", "rules_bao-kujifunza_takasa_" + o["suicide"]},
				{"rules_h_endless", "rules_bao-kujifunza_endless_" + o["infinite"]},
				{"rules_h_end", "rules_bao-kujifunza_end_" + o["wipe"]},
			}
		},
	},
	// engine/kiswahili.go; docs/sources/bao-rules.md S1-S14, R1, R2.
	"bao": {
		bot: "rules_bot_bao4",
		args: func(o map[string]string) map[string]any {
			h := atoi(o["house_seeds"])
			return map[string]any{"N": 16, "House": h, "Hand": 32 - h - 4}
		},
		sections: func(o map[string]string) [][2]string {
			s := [][2]string{
				{"rules_h_setup", "rules_bao_setup"},
				{"rules_h_namua", "rules_bao_namua_" + o["namua_restrictions"]},
				{"rules_h_capture", "rules_bao_capture"},
				{"rules_h_nyumba", "rules_bao_nyumba_" + o["house_capture"]},
				{"rules_h_safari", "rules_bao_safari_" + o["namua_house"]},
				{"rules_h_mtaji", "rules_bao_mtaji"},
				{"rules_h_takasa", "rules_bao_takasa_" + o["suicide"]},
			}
			if o["takasia"] == "true" {
				s = append(s, [2]string{"rules_h_takasia", "rules_bao_takasia"})
			}
			return append(s,
				[2]string{"rules_h_endless", "rules_bao-kujifunza_endless_" + o["infinite"]},
				[2]string{"rules_h_end", "rules_bao-kujifunza_end_" + o["wipe"]})
		},
	},
	"tchuka": {
		solo: true,
		args: func(o map[string]string) map[string]any {
			return map[string]any{"Pits": atoi(o["pits"]), "Seeds": atoi(o["seeds"]), "N": atoi(o["pits"])}
		},
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_tchuka_setup"},
				{"rules_h_sowing", "rules_tchuka_sowing"},
				{"rules_h_last_seed", "rules_tchuka_last_seed"},
				{"rules_h_end", "rules_tchuka_end"},
			}
		},
	},
	// engine/bao.go; docs/sources/bao-rules.md K1-K9.
	"bao-kenya": {
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 16 * s, "Win": 8*s + 1, "Half": 8 * s, "N": 8}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_bao-kenya_setup"},
				{"rules_h_sowing", "rules_bao-kenya_sowing"},
				{"rules_h_extra", "rules_bao-kenya_extra"},
				{"rules_h_capture", pick(o["capture_sower"] == "true", "rules_bao-kenya_capture_sower", "rules_bao-kenya_capture")},
				{"rules_h_end", "rules_bao-kenya_end"},
			}
		},
	},
	// engine/bao.go; docs/sources/bao-rules.md L1-L9, R1, R2.
	"bao-laps": {
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 16 * s, "N": 8}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_bao-laps_setup"},
				{"rules_h_sowing", pick(o["skip_origin"] == "true", "rules_bao-laps_sowing_skip", "rules_bao-laps_sowing")},
				{"rules_h_laps", "rules_bao-laps_laps"},
				{"rules_h_capture", pick(o["capture_sower"] == "true", "rules_bao-laps_capture_sower", "rules_bao-laps_capture")},
				{"rules_h_never_ending", "rules_bao-laps_never_" + o["infinite"]},
				{"rules_h_end", "rules_bao-laps_end"},
			}
		},
	},
	// engine/ruma.go; docs/sources/more-games-rules.md §4.
	"ruma": {
		bot: "rules_ruma_bot",
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 24 * s, "Max": atoi(o["penalty_limit"]), "N": 6}
		},
		sections: func(o map[string]string) [][2]string {
			n := pick(o["players"] == "2", "2", "4")
			return [][2]string{
				{"rules_h_setup", "rules_ruma_setup_" + n},
				{"rules_h_sowing", "rules_ruma_sowing"},
				{"rules_h_last_seed", "rules_ruma_last_seed"},
				{"rules_h_ruma_penalty", "rules_ruma_penalty_" + n},
				{"rules_h_end", "rules_ruma_end_" + n},
			}
		},
	},
	// engine/ayoayo.go; docs/sources/more-games-rules.md section 3.
	"ayoayo": {
		args: func(o map[string]string) map[string]any {
			n := atoi(o["pits"])
			// 5a: more than half of 8n, and captures come in fours.
			return map[string]any{"Pits": n, "Seeds": 4, "Total": 8 * n, "Win": 4*n + 4, "Half": 4 * n, "N": n}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_ayoayo_setup"},
				{"rules_h_sowing", "rules_ayoayo_sowing"},
				{"rules_h_capture", "rules_ayoayo_capture_" + o["capture"]},
				{"rules_h_never_ending", "rules_ayoayo_never"},
				{"rules_h_end", pick(o["starve"] == "true", "rules_ayoayo_end_starve", "rules_ayoayo_end_pass")},
			}
		},
	},
	// engine/madjnuni.go; docs/sources/more-games-rules.md section 10.
	"madjnuni": {
		bot: "rules_madjnuni_bot",
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 14 * s, "N": 7}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_madjnuni_setup"},
				{"rules_h_sowing", "rules_madjnuni_sowing"},
				{"rules_h_capture", pick(o["opposite"] == "true", "rules_madjnuni_capture", "rules_madjnuni_capture_alone")},
				{"rules_h_never_ending", "rules_madjnuni_never"},
				{"rules_h_end", "rules_madjnuni_end"},
			}
		},
	},
	// engine/afrika.go; docs/sources/more-games-rules.md §6.
	"afrika": {
		bot:  "rules_bot_afrika",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 8} },
		sections: func(o map[string]string) [][2]string {
			end := pick(o["early_end"] == "true", "rules_afrika_end_early", "rules_afrika_end")
			if o["misere"] == "true" {
				end = "rules_afrika_end_misere"
			}
			return [][2]string{
				{"rules_h_setup", "rules_afrika_setup"},
				{"rules_h_capture", "rules_afrika_capture"},
				{"rules_h_sowing", "rules_afrika_sowing"},
				{"rules_h_end", end},
			}
		},
	},
	// engine/ohojitxi.go; docs/sources/more-games-rules.md §5.
	"ohojitxi": {
		bot:  "rules_bot_ohojitxi",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 6} },
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_ohojitxi_setup"},
				{"rules_h_sowing", "rules_ohojitxi_sowing"},
				{"rules_h_capture", "rules_ohojitxi_capture"},
				{"rules_h_ohojitxi_drop", "rules_ohojitxi_drop"},
				{"rules_h_end", "rules_ohojitxi_end"},
			}
		},
	},
	// engine/namnam.go; docs/sources/more-games-rules.md section 2.
	"namnam": {
		bot:  "rules_namnam_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 6} },
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_namnam_setup"},
				{"rules_h_sowing", "rules_namnam_sowing"},
				{"rules_h_capture", "rules_namnam_capture"},
				{"rules_h_namnam_last_four", "rules_namnam_last_four"},
				{"rules_h_namnam_rounds", "rules_namnam_rounds"},
				{"rules_h_end", "rules_namnam_end"},
			}
		},
	},
	// engine/gabata.go; docs/sources/more-games-rules.md §7.
	"gabata": {
		bot:  "rules_gabata_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_gabata_setup"},
				{"rules_h_sowing", "rules_gabata_sowing"},
				{"rules_h_capture", "rules_gabata_capture_" + o["column"]},
				{"rules_h_gabata_serial", "rules_gabata_serial_" + o["serial"]},
				{"rules_h_never_ending", "rules_gabata_never"},
				{"rules_h_end", "rules_gabata_end"},
			}
		},
	},
	// engine/selus.go; docs/sources/more-games-rules.md §8.
	"selus": {
		bot:  "rules_gabata_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_selus_setup"},
				{"rules_h_sowing", "rules_selus_sowing"},
				{"rules_h_selus_wegue", "rules_selus_wegue"},
				{"rules_h_capture", pick(o["weak_traps"] == "true", "rules_selus_capture_weak", "rules_selus_capture_strong")},
				{"rules_h_extra", "rules_selus_extra"},
				{"rules_h_end", "rules_selus_end"},
			}
		},
	},
	// engine/sulus.go; docs/sources/more-games-rules.md §9.
	"sulus": {
		bot:  "rules_gabata_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_sulus_setup"},
				{"rules_h_sowing", "rules_sulus_sowing"},
				{"rules_h_sulus_traps", pick(o["rule"] == "aydi", "rules_sulus_traps_aydi", "rules_sulus_traps_nishtav")},
				{"rules_h_end", "rules_sulus_end"},
			}
		},
	},
	// engine/tshuba.go; docs/sources/more-games-rules.md section 11.
	"tshuba": {
		bot: "rules_bot_tshuba",
		args: func(o map[string]string) map[string]any {
			c := atoi(o["cols"])
			return map[string]any{"Pits": c, "N": 2 * c}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_tshuba_setup"},
				{"rules_h_sowing", "rules_tshuba_sowing"},
				{"rules_h_capture", pick(o["take_single_outer"] == "true", "rules_tshuba_capture_single", "rules_tshuba_capture")},
				{"rules_h_tshuba_bonus", "rules_tshuba_bonus_" + o["bonus"]},
				{"rules_h_endless", "rules_tshuba_endless"},
				{"rules_h_end", "rules_tshuba_end"},
			}
		},
	},
}

// RulesVariants lists the variant ids Rules can explain, in the engine's
// (the spec's) order. ruleSets is the registry: a new variant adds its
// entry there and its rules_<id>_* texts in every language.
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
// pits, Kalah's empty_capture and pie, Oware's grand_slam, Congkak's relay,
// the Bao games' capture_sower, skip_origin and infinite.
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
