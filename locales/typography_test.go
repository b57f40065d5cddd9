package locales

import (
	"regexp"
	"strings"
	"testing"
)

// typoKeys selects the texts the typography checks cover: the rules, the
// options, the daily puzzle and the game-flow messages.
func typoKeys() []string {
	var out []string
	for _, k := range Keys() {
		for _, p := range []string{"rules_", "opt_", "optdoc_", "optval_", "puzzle_", "err_puzzle_", "cmd_", "game_over_"} {
			if strings.HasPrefix(k, p) {
				out = append(out, k)
				break
			}
		}
	}
	return append(out, "moved", "tuzdyk_created", "swap", "turn", "challenge_accepted", "err_must_feed", "seeds_each")
}

// typoTexts returns every rendered text of typoKeys and every rules
// explanation in l, named for the error messages.
func typoTexts(l Lang) map[string]string {
	out := map[string]string{}
	for _, k := range typoKeys() {
		for _, n := range []int{1, 2, 5} {
			out[k] = out[k] + "\n" + Text(l, k, sampleArgs(n))
		}
	}
	for _, id := range RulesVariants() {
		out["rules "+id] = Rules(l, id, nil)
		out["rules "+id+" (options)"] = Rules(l, id, nonDefault[id])
	}
	return out
}

var (
	// An ordinary space before a dash, after a one-letter preposition, or
	// inside "по 4 камня".
	ruBreakable = regexp.MustCompile(`(^|[^\p{L}])[вскВСК] | —|(^|[^\p{L}])по \d+ `)
	daEmDash    = regexp.MustCompile(`—`)
)

// Russian keeps a dash on the line of the word before it, a one-letter
// preposition with the next word and "по 4 камня" together (no-break
// spaces, U+00A0); Danish writes dashes as en dashes.
func TestTypography(t *testing.T) {
	for name, s := range typoTexts(RU) {
		if m := ruBreakable.FindString(s); m != "" {
			t.Errorf("ru %s: ordinary space in %q:\n%s", name, m, s)
		}
	}
	for name, s := range typoTexts(DA) {
		if daEmDash.MatchString(s) {
			t.Errorf("da %s: em dash, Danish uses –:\n%s", name, s)
		}
	}
}

// Refusals (err_*) may be shown as a Telegram callback alert, which holds
// at most 200 characters.
func TestAlertsFit(t *testing.T) {
	for _, l := range All {
		for _, k := range Keys() {
			if !strings.HasPrefix(k, "err_") {
				continue
			}
			for _, n := range []int{1, 2, 5, 22} {
				if s := Text(l, k, sampleArgs(n)); len([]rune(s)) >= 200 {
					t.Errorf("%s %s: %d characters, a Telegram alert holds 200:\n%s", l, k, len([]rune(s)), s)
				}
			}
		}
	}
}
