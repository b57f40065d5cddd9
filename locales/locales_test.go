package locales

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/mancala-bot/mancala/engine"
)

// botKeys are the keys the bot package relies on (the brief's list); each
// must exist in English, and so, by Validate, in every language.
var botKeys = []string{
	"help", "variants_header", "challenge_open", "challenge_named", "challenge_accepted",
	"challenge_declined", "game_started_vs_bot", "turn", "notice_away", "moved",
	"captured", "extra_turn", "tuzdyk_created", "swap", "game_over_win", "game_over_draw",
	"resigned", "draw_offered", "draw_accepted", "undo_requested", "undo_done",
	"timeout_claimed", "rematch_offered",
	"err_not_your_turn", "err_not_a_player", "err_no_game", "err_game_exists",
	"err_unknown_variant", "err_unknown_command", "err_bad_pit", "err_empty_pit",
	"err_must_feed", "err_grand_slam", "err_tuzdyk_pit", "err_swap_unavailable",
	"err_game_over", "err_stale_button", "err_bad_option", "err_cannot_accept_own",
	"err_not_invited", "err_nothing_to_accept",
	"err_internal", "err_bad_input",
	"stats", "top_header", "lang_set", "lang_unknown",
	"level_beginner", "level_easy", "level_medium", "level_hard", "level_expert", "level_perfect",
	"side_south", "side_north",
}

// wantPlaceholders are the placeholders the bot will pass for some keys.
var wantPlaceholders = map[string][]string{
	"challenge_open":      {"Accept", "Challenger", "Variant"},
	"challenge_named":     {"Accept", "Challenger", "Decline", "Opponent", "Variant"},
	"challenge_accepted":  {"North", "South"},
	"challenge_declined":  {"User"},
	"game_started_vs_bot": {"Level", "Player"},
	"turn":                {"Player"},
	"notice_away":         {"Player", "Variant"},
	"moved":               {"Pit", "Player"},
	"captured":            {"Player"}, // plus Count, the plural selector
	"extra_turn":          {"Player"},
	"tuzdyk_created":      {"Pit", "Player"},
	"swap":                {"Player"},
	"game_over_win":       {"Score", "Winner"},
	"game_over_draw":      {"Score"},
	"resigned":            {"Player"},
	"draw_offered":        {"Player"},
	"undo_requested":      {"Player"},
	"timeout_claimed":     {"Winner"},
	"rematch_offered":     {"Player"},
	"err_unknown_variant": {"Known", "Variant"},
	"err_unknown_command": {"Command"},
	"err_bad_pit":         {"Pit"},
	"err_empty_pit":       {"Pit"},
	"err_must_feed":       {"Pit"},
	"err_grand_slam":      {"Pit"},
	"err_tuzdyk_pit":      {"Pit"},
	"err_bad_option":      {"Detail"},
	"stats":               {"Draws", "Losses", "Player", "Wins"},
	"lang_set":            {"Lang"},
	"lang_unknown":        {"Lang"},
}

func TestValidate(t *testing.T) {
	if err := Validate(); err != nil {
		t.Fatalf("catalog problems:\n%v", err)
	}
}

func TestEveryKeyInEveryLanguage(t *testing.T) {
	for _, k := range botKeys {
		if !Has(EN, k) {
			t.Errorf("en: bot key %q missing", k)
		}
	}
	for _, l := range All {
		var missing []string
		for _, k := range Keys() {
			if !Has(l, k) {
				missing = append(missing, k)
			}
		}
		if len(missing) > 0 {
			t.Errorf("%s: %d keys missing: %s", l, len(missing), strings.Join(missing, ", "))
		}
	}
	for k, want := range wantPlaceholders {
		got := cat.msgs[EN][k].placeholderNames()
		if !slices.Equal(got, want) {
			t.Errorf("en %s: placeholders %v, want %v", k, got, want)
		}
	}
}

var leftover = regexp.MustCompile(`\{[A-Za-z][A-Za-z0-9]*(:[a-z0-9_-]+)?\}`)

// sampleArgs has a value for every placeholder any message uses.
func sampleArgs(count int) map[string]any {
	return map[string]any{
		"Player": "Anna", "Challenger": "Anna", "Opponent": "Boris", "User": "Boris",
		"South": "Anna", "North": "Boris", "Winner": "Anna", "Variant": "Kalah",
		"Known": "kalah, oware", "Command": "/foo", "Pit": 3, "Count": count,
		"Score": "25:23", "Level": "medium", "Detail": "seeds: 9 is outside 1..8",
		"Wins": count, "Losses": count + 1, "Draws": count + 2, "Lang": "polski",
		"Date": "2026-11-22", "Difficulty": 3, "Hours": count + 1,
		"Pits": 6, "Seeds": 4, "Total": 48, "Win": 25, "Half": 24, "N": 6, "House": 6, "Hand": count,
		"Move": "Anna played pit 3.", "Bot": "@MancalaBot",
		"Kind": "solitaire", "Moves": "3 1 2", "Side": "South", "Margin": count + 2,
		"Streak": count, "Best": count + 3, "Solved": count + 4, "Tries": count + 5, "Try": 2,
		"Accept": "Accept", "Decline": "Decline", "Swap": "⇄ Swap sides", "Rank": 1, "Word": "junk",
		"Option": "seeds", "Value": "99", "Min": 1, "Max": 8, "Day": 23, "Month": "November", "Year": 2026, "Values": "capture, nocapture", "Levels": "easy, hard",
		// Tables of four (bot/seats.go).
		"Seat": "East", "Seats": "South Anna · East Boris", "Join": "Take a seat", "Row": count, "Store": count + 1,
		"Penalties": count, "Points": count, "Limit": 12,
		// Damaged games (bot/damaged.go).
		"Players": "Anna, Boris",
		// Ratings (bot/ratings.go).
		"Rating": "1537?", "RD": 96, "Changes": "Anna 1525 → 1537 (+12) · Boris 1475 → 1463 (−12)",
		// "games" (bot/games.go).
		"Opponents": "Boris", "Ago": "5 minutes", "Title": "Family", "Channel": "-42",
		// The post-game review (bot/review.go).
		"Ply": count + 3, "Loss": count, "Plies": count, "Depth": 10,
		// The game pages (web).
		"Result": "Anna won", "Reason": "resignation", "Turning": count,
		// Nam Nam's rounds (bot/narrate.go).
		"Round": count + 1, "Leader": "Anna", "Other": "Boris", "Wait": "2 hours", "MarginPlayed": "−2", "MarginBest": "+4", "Games": "Oware", "Days": "every Monday", "When": "", "Today": "Kalah", "A": "every Monday", "B": "every Saturday",
	}
}

func TestEveryMessageRenders(t *testing.T) {
	for _, l := range All {
		for _, k := range Keys() {
			for _, n := range []int{0, 1, 2, 5, 21, 22} {
				got := Text(l, k, sampleArgs(n))
				if got == "" || got == k {
					t.Errorf("%s %s: rendered %q", l, k, got)
				}
				if m := leftover.FindString(got); m != "" {
					t.Errorf("%s %s (n=%d): leftover placeholder %s in %q", l, k, n, m, got)
				}
			}
		}
	}
}

func TestPluralForms(t *testing.T) {
	ns := []int{0, 1, 2, 5, 11, 21, 22, 25, 101}
	cases := []struct {
		l    Lang
		key  string
		want []string
	}{
		// The verified CLDR outputs of the research
		// (docs/sources/go-ecosystem.md §5).
		{RU, "seeds", []string{"0 камней", "1 камень", "2 камня", "5 камней", "11 камней", "21 камень", "22 камня", "25 камней", "101 камень"}},
		{PL, "seeds", []string{"0 kamieni", "1 kamień", "2 kamienie", "5 kamieni", "11 kamieni", "21 kamieni", "22 kamienie", "25 kamieni", "101 kamieni"}},
		{DA, "seeds", []string{"0 frø", "1 frø", "2 frø", "5 frø", "11 frø", "21 frø", "22 frø", "25 frø", "101 frø"}},
		{EN, "seeds", []string{"0 seeds", "1 seed", "2 seeds", "5 seeds", "11 seeds", "21 seeds", "22 seeds", "25 seeds", "101 seeds"}},
		// Russian keeps "по 4 камня" together with no-break spaces (U+00A0).
		{RU, "seeds_each", []string{"по\u00a00\u00a0камней", "по\u00a01\u00a0камню", "по\u00a02\u00a0камня", "по\u00a05\u00a0камней", "по\u00a011\u00a0камней", "по\u00a021\u00a0камню", "по\u00a022\u00a0камня", "по\u00a025\u00a0камней", "по\u00a0101\u00a0камню"}},
		{PL, "seeds_each", []string{"po 0 kamieni", "po 1 kamieniu", "po 2 kamienie", "po 5 kamieni", "po 11 kamieni", "po 21 kamieni", "po 22 kamienie", "po 25 kamieni", "po 101 kamieni"}},
		{RU, "pits", []string{"0 лунок", "1 лунка", "2 лунки", "5 лунок", "11 лунок", "21 лунка", "22 лунки", "25 лунок", "101 лунка"}},
		{PL, "pits", []string{"0 dołków", "1 dołek", "2 dołki", "5 dołków", "11 dołków", "21 dołków", "22 dołki", "25 dołków", "101 dołków"}},
		{DA, "pits", []string{"0 huller", "1 hul", "2 huller", "5 huller", "11 huller", "21 huller", "22 huller", "25 huller", "101 huller"}},
		{EN, "pits", []string{"0 pits", "1 pit", "2 pits", "5 pits", "11 pits", "21 pits", "22 pits", "25 pits", "101 pits"}},
		{RU, "n_wins", []string{"0 побед", "1 победа", "2 победы", "5 побед", "11 побед", "21 победа", "22 победы", "25 побед", "101 победа"}},
		{RU, "n_draws", []string{"0 ничьих", "1 ничья", "2 ничьи", "5 ничьих", "11 ничьих", "21 ничья", "22 ничьи", "25 ничьих", "101 ничья"}},
		{PL, "n_losses", []string{"0 porażek", "1 porażka", "2 porażki", "5 porażek", "11 porażek", "21 porażek", "22 porażki", "25 porażek", "101 porażek"}},
		{PL, "n_draws", []string{"0 remisów", "1 remis", "2 remisy", "5 remisów", "11 remisów", "21 remisów", "22 remisy", "25 remisów", "101 remisów"}},
		{DA, "n_wins", []string{"0 sejre", "1 sejr", "2 sejre", "5 sejre", "11 sejre", "21 sejre", "22 sejre", "25 sejre", "101 sejre"}},
	}
	for _, c := range cases {
		for i, n := range ns {
			if got := Plural(c.l, c.key, n); got != c.want[i] {
				t.Errorf("Plural(%s, %s, %d) = %q, want %q", c.l, c.key, n, got, c.want[i])
			}
		}
	}
	if got := Seeds(RU, 5); got != "5 камней" {
		t.Errorf("Seeds(RU, 5) = %q", got)
	}
}

func TestPluralMessages(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		n    int
		want string
	}{
		{RU, 1, "Anna забирает 1 камень."},
		{RU, 3, "Anna забирает 3 камня."},
		{RU, 6, "Anna забирает 6 камней."},
		{RU, 21, "Anna забирает 21 камень."},
		{PL, 1, "Anna zdobywa 1 kamień."},
		{PL, 4, "Anna zdobywa 4 kamienie."},
		{PL, 12, "Anna zdobywa 12 kamieni."},
		{PL, 22, "Anna zdobywa 22 kamienie."},
		{DA, 1, "Anna fangede 1 frø."},
		{EN, 1, "Anna captured 1 seed."},
		{EN, 6, "Anna captured 6 seeds."},
	} {
		if got := Text(c.l, "captured", map[string]any{"Player": "Anna", "Count": c.n}); got != c.want {
			t.Errorf("captured %s %d = %q, want %q", c.l, c.n, got, c.want)
		}
	}
	// Several counted phrases in one message, and other integer types.
	if got, want := Text(RU, "stats", map[string]any{"Player": "Аня", "Wins": 5, "Losses": int64(2), "Draws": uint8(1)}),
		"Аня: 5 побед, 2 поражения, 1 ничья."; got != want {
		t.Errorf("stats ru = %q, want %q", got, want)
	}
	if got, want := Text(PL, "stats", map[string]any{"Player": "Anna", "Wins": 22, "Losses": 1, "Draws": 0}),
		"Anna: 22 wygrane, 1 porażka, 0 remisów."; got != want {
		t.Errorf("stats pl = %q, want %q", got, want)
	}
	// Count given as a string of digits.
	if got := Text(RU, "seeds", map[string]any{"Count": "2"}); got != "2 камня" {
		t.Errorf("Count as string: %q", got)
	}
}

func TestResolve(t *testing.T) {
	for tag, want := range map[string]Lang{
		"ru": RU, "ru-RU": RU, "RU": RU, "ru_RU": RU, " ru ": RU,
		"da": DA, "da-DK": DA,
		"pl": PL, "pl-PL": PL,
		"en": EN, "en-US": EN, "en-GB": EN,
		"pt-BR": EN, "pt-br": EN, "de": EN, "fr": EN, "ja": EN, "zh-CN": EN, "es-ES": EN,
		// Never Russian or Danish by "closeness": these get English.
		"uk": EN, "be": EN, "kk": EN, "ky": EN, "nb": EN, "no": EN, "nn": EN, "sv-SE": EN,
		"": EN, "-": EN, "xx-invalid-tag": EN, "rus": EN,
	} {
		if got := Resolve(tag); got != want {
			t.Errorf("Resolve(%q) = %s, want %s", tag, got, want)
		}
	}
}

func TestParse(t *testing.T) {
	for s, want := range map[string]Lang{"ru": RU, "PL": PL, "da-DK": DA, "en_GB": EN, " en ": EN} {
		if got, ok := Parse(s); !ok || got != want {
			t.Errorf("Parse(%q) = %s, %v", s, got, ok)
		}
	}
	for _, s := range []string{"uk", "de", "", "russian", "nb"} {
		if got, ok := Parse(s); ok {
			t.Errorf("Parse(%q) = %s, true; want false", s, got)
		}
	}
	for _, l := range All {
		if !l.Valid() || l.NativeName() == "" {
			t.Errorf("%s: not valid or no native name", l)
		}
	}
	if Lang("xx").Valid() {
		t.Error(`Lang("xx").Valid()`)
	}
}

func TestFallbackAndMissingKeys(t *testing.T) {
	saved := cat
	defer func() { cat = saved }()
	cat = load(fstest.MapFS{
		"text/en/m.toml": {Data: []byte("hello = \"Hello, {Name}!\"\nonly_en = \"English only\"\n[apples]\none = \"{Count} apple\"\nother = \"{Count} apples\"\n")},
		"text/ru/m.toml": {Data: []byte("hello = \"Привет, {Name}!\"\n")},
		"text/da/m.toml": {Data: []byte("hello = \"Hej, {Name}!\"\n")},
		"text/pl/m.toml": {Data: []byte("hello = \"Cześć, {Name}!\"\n")},
	})
	if cat.loadErr != nil {
		t.Fatal(cat.loadErr)
	}
	if got := Text(RU, "hello", map[string]any{"Name": "Аня"}); got != "Привет, Аня!" {
		t.Errorf("ru hello = %q", got)
	}
	if got := Text(RU, "only_en", nil); got != "English only" {
		t.Errorf("fallback to English: %q", got)
	}
	// The English fallback uses English plural rules: 2 is "other".
	if got := Text(RU, "apples", map[string]any{"Count": 2}); got != "2 apples" {
		t.Errorf("English plural fallback: %q", got)
	}
	if got := Text(PL, "no_such_key", nil); got != "no_such_key" {
		t.Errorf("missing key: %q", got)
	}
	if got := Text(Lang("xx"), "hello", map[string]any{"Name": "X"}); got != "Hello, X!" {
		t.Errorf("unknown Lang: %q", got)
	}
	// A missing argument leaves its placeholder visible.
	if got := Text(EN, "hello", nil); got != "Hello, {Name}!" {
		t.Errorf("missing arg: %q", got)
	}
	if err := Validate(); err == nil || !strings.Contains(err.Error(), "only_en") {
		t.Errorf("Validate does not report the missing key: %v", err)
	}
}

func TestLoadErrors(t *testing.T) {
	c := load(fstest.MapFS{
		"text/en/a.toml": {Data: []byte("x = \"1\"\n[p]\none = \"{Count}\"\n")},
		"text/en/b.toml": {Data: []byte("x = \"again\"\n[q]\nsome = \"?\"\nother = \"{Count}\"\n")},
		"text/ru/a.toml": {Data: []byte("x = = broken")},
		"text/da/a.toml": {Data: []byte("x = 3\n")},
	})
	if c.loadErr == nil {
		t.Fatal("no load error")
	}
	for _, want := range []string{`"x" defined twice`, `"some" is not a plural form`, "text/ru/a.toml", "value of type int64", `needs the form "other"`, "text/pl: no message files"} {
		if !strings.Contains(c.loadErr.Error(), want) {
			t.Errorf("load error lacks %q:\n%v", want, c.loadErr)
		}
	}
}

func TestTextNeverPanics(t *testing.T) {
	weird := []map[string]any{
		nil,
		{"Count": nil},
		{"Count": 3.5, "Wins": "many", "Losses": struct{}{}, "Draws": -7},
		{"Count": -1 << 63},
		{"Player": []int{1, 2}, "Count": uint64(1 << 63)},
	}
	for _, l := range append(All, "", "zz") {
		for _, k := range append(Keys(), "", "{", "}", "no_such") {
			for _, a := range weird {
				_ = Text(l, k, a)
			}
		}
	}
	for _, s := range []string{"{", "}", "{}", "{{Name}}", "{Name:}", "{:key}", "{Name:Bad}", "{1x}", "a{Name"} {
		_ = substitute(s, func(string, string) (string, bool) { return "X", true })
	}
	if got := substitute("{{Name}} {Name:} {1x} a{Name", func(string, string) (string, bool) { return "X", true }); got != "{X} {Name:} {1x} a{Name" {
		t.Errorf("substitute: %q", got)
	}
}

func words(s string) int {
	n := 0
	for _, f := range strings.Fields(s) {
		if strings.IndexFunc(f, unicode.IsLetter) >= 0 {
			n++
		}
	}
	return n
}

// nonDefault gives, per option, a valid value other than the default.
var nonDefault = map[string]map[string]string{
	"kalah":   {"pits": "5", "seeds": "6", "empty_capture": "true", "pie": "true"},
	"oware":   {"seeds": "5", "grand_slam": "forbidden", "repetition": "first"},
	"congkak": {"relay": "false"},
	"bao": {"takasia": "false", "namua_house": "stop", "house_capture": "immune", "namua_restrictions": "false",
		"house_seeds": "8", "infinite": "illegal", "suicide": "allowed", "wipe": "continue"},
	"tchuka":        {"pits": "6", "seeds": "4"},
	"togyz":         {},
	"bao-kenya":     {"seeds": "5", "capture_sower": "true"},
	"bao-laps":      {"seeds": "3", "capture_sower": "true", "skip_origin": "true", "infinite": "illegal"},
	"bao-kujifunza": {"infinite": "illegal", "suicide": "allowed", "wipe": "continue"},
	"ruma":          {"players": "2", "seeds": "2", "penalty_limit": "8"},
	"ayoayo":        {"capture": "mixed", "pits": "12", "starve": "false"},
	"madjnuni":      {"seeds": "5", "opposite": "false"},
	"tshuba":        {"cols": "4", "bonus": "2", "take_single_outer": "true"},
}

func TestRules(t *testing.T) {
	for _, id := range RulesVariants() {
		for _, l := range All {
			def := Rules(l, id, nil)
			if def == "" {
				t.Fatalf("%s %s: empty rules", id, l)
			}
			name := VariantName(l, id)
			if name == id && l != EN {
				t.Errorf("%s %s: no localized name", id, l)
			}
			if !strings.Contains(def, name) {
				t.Errorf("%s %s: rules do not mention %q", id, l, name)
			}
			if m := leftover.FindString(def); m != "" {
				t.Errorf("%s %s: leftover placeholder %s", id, l, m)
			}
			if w := words(def); w < 80 || w > 290 {
				t.Errorf("%s %s: %d words, want a chat-sized text", id, l, w)
			}
			// A solitaire is played as the daily puzzle, where /move fails.
			how := pick(ruleSets[id].solo, "/puzzle 3 1 2", "/move 3")
			if !strings.Contains(def, how) || (ruleSets[id].solo && strings.Contains(def, "/move")) {
				t.Errorf("%s %s: no word on how to move in the bot (%s)", id, l, how)
			}
			if strings.Contains(def, Text(l, "rules_h_options", nil)) {
				t.Errorf("%s %s: default rules list settings", id, l)
			}
			// Same text for explicit defaults and for junk options.
			junk := map[string]string{"seeds": "x", "pits": "99", "pie": "maybe", "grand_slam": "sometimes", "relay": "", "nonsense": "1"}
			if got := Rules(l, id, junk); got != def {
				t.Errorf("%s %s: invalid options changed the text", id, l)
			}
			all := Rules(l, id, nonDefault[id])
			if n := len([]rune(all)); n > 1900 {
				t.Errorf("%s %s: %d characters with every option changed (Discord allows 2000)", id, l, n)
			}
			// Cross-sowing is left out of nonDefault (every option at once
			// would pass Discord's limit in Polish); it alone must fit.
			if _, ok := nonDefault[id]["cross"]; !ok && (id == "kalah" || id == "oware") {
				if n := len([]rune(Rules(l, id, map[string]string{"cross": "true"}))); n > 1900 {
					t.Errorf("%s %s: %d characters with cross=true", id, l, n)
				}
			}
			for opt, v := range nonDefault[id] {
				got := Rules(l, id, map[string]string{opt: v})
				if got == def {
					t.Errorf("%s %s: option %s=%s does not change the text", id, l, opt, v)
				}
				if !strings.Contains(got, Text(l, "rules_h_options", nil)) || !strings.Contains(got, OptionName(l, id, opt)+": ") {
					t.Errorf("%s %s: option %s=%s not listed in the settings:\n%s", id, l, opt, v, got)
				}
			}
		}
	}
	if got := Rules(EN, "no-such-game", nil); got != "" {
		t.Errorf("unknown variant: %q", got)
	}
	if Rules(RU, " KALAH ", nil) != Rules(RU, "kalah", nil) {
		t.Error("ids are not normalized")
	}
}

// The rule bodies follow the options, not just the settings list.
func TestRulesFollowOptions(t *testing.T) {
	for _, c := range []struct {
		l         Lang
		id        string
		opts      map[string]string
		want, not string
	}{
		{EN, "kalah", nil, "Every pit starts with 4 seeds.", "Swap sides"},
		{EN, "kalah", map[string]string{"seeds": "1"}, "Every pit starts with 1 seed.", ""},
		{RU, "kalah", map[string]string{"seeds": "5"}, "в\u00a0каждой лунке по\u00a05\u00a0камней", ""},
		{RU, "kalah", map[string]string{"seeds": "3"}, "в\u00a0каждой лунке по\u00a03\u00a0камня", ""},
		{PL, "kalah", map[string]string{"seeds": "6"}, "po 6 kamieni", ""},
		{PL, "kalah", map[string]string{"pits": "4"}, "4 dołki", ""},
		{RU, "kalah", map[string]string{"pie": "true"}, "«Поменяться сторонами»", ""},
		{EN, "kalah", map[string]string{"empty_capture": "true"}, "empty capture", ""},
		{EN, "kalah", map[string]string{"pits": "5"}, "numbered 1 to 5", ""},
		{EN, "oware", nil, "Whoever first captures 25 seeds, more than half, wins at once; 24:24 is a draw.", ""},
		{RU, "oware", map[string]string{"seeds": "5"}, "наберёт 31 камень", ""},
		{PL, "oware", map[string]string{"seeds": "6"}, "zdobędzie 37 kamieni", ""},
		{EN, "oware", map[string]string{"grand_slam": "nocapture"}, "captures nothing", ""},
		{EN, "oware", map[string]string{"repetition": "first"}, "or a position comes back that has already occurred with the same player to move, the game ends", "third time"},
		{RU, "oware", map[string]string{"repetition": "first"}, "повторилась позиция, уже встречавшаяся при той же очереди хода", "в\u00a0третий раз"},
		{DA, "oware", map[string]string{"repetition": "first"}, "opstår en stilling igen med den samme spiller i trækket", "tredje gang"},
		{PL, "oware", map[string]string{"repetition": "first"}, "albo pozycja wróci przy ruchu tego samego gracza", "po raz trzeci"},
		{PL, "oware", map[string]string{"repetition": "third"}, "pozycja powtórzy się po raz trzeci", "tego samego gracza"},
		{DA, "congkak", map[string]string{"relay": "false"}, "ingen stafet", "*Stafet*"},
		{EN, "tchuka", map[string]string{"pits": "6", "seeds": "4"}, "One row of 6 pits with 4 seeds each", ""},
		{RU, "tchuka", nil, "4 лунки, в\u00a0каждой по\u00a02\u00a0камня", ""},
		{EN, "bao-kenya", nil, "Whoever has 25 seeds in their store, more than half, wins at once", "your seed goes with them"},
		{RU, "bao-kenya", map[string]string{"seeds": "1"}, "наберёт в\u00a0амбаре 9 камней", ""},
		{PL, "bao-kenya", map[string]string{"capture_sower": "true"}, "razem z twoim kamieniem", ""},
		{EN, "bao-laps", nil, "the game is a draw", "skipped"},
		{EN, "bao-laps", map[string]string{"infinite": "illegal"}, "They are not allowed", ""},
		{DA, "bao-laps", map[string]string{"skip_origin": "true"}, "springes over hver gang", ""},
		{RU, "bao-laps", map[string]string{"seeds": "3"}, "всего 48 камней", ""},
	} {
		got := Rules(c.l, c.id, c.opts)
		if !strings.Contains(got, c.want) {
			t.Errorf("%s %s %v: lacks %q:\n%s", c.l, c.id, c.opts, c.want, got)
		}
		if c.not != "" && strings.Contains(got, c.not) {
			t.Errorf("%s %s %v: has %q", c.l, c.id, c.opts, c.not)
		}
	}
}

func TestNamesAndOptions(t *testing.T) {
	for id, want := range map[string][4]string{
		"kalah":     {"Kalah", "Калах", "Kalaha", "Kalah"},
		"oware":     {"Oware", "Оваре", "Oware", "Oware"},
		"togyz":     {"Togyz Kumalak", "Тогыз кумалак", "Togyz kumalak", "Togyz kumalak"},
		"congkak":   {"Congkak", "Чонгкак", "Congkak", "Congkak"},
		"tchuka":    {"Tchuka Ruma", "Чука Рума", "Tchuka Ruma", "Tchuka Ruma"},
		"bao-kenya": {"Bao (Kenyan children’s game)", "Бао (кенийская детская игра)", "Bao (kenyansk børnespil)", "Bao (kenijska gra dziecięca)"},
		"bao-laps":  {"Bao (Kenyan, with laps)", "Бао (кенийская, с\u00a0кругами)", "Bao (kenyansk med omgange)", "Bao (kenijska odmiana z okrążeniami)"},
	} {
		for i, l := range []Lang{EN, RU, DA, PL} {
			if got := VariantName(l, id); got != want[i] {
				t.Errorf("VariantName(%s, %s) = %q, want %q", l, id, got, want[i])
			}
		}
	}
	if got := VariantName(RU, "no-such"); got != "no-such" {
		t.Errorf("unknown variant name: %q", got)
	}
	for _, c := range []struct {
		l          Lang
		v, o, want string
	}{
		{EN, "kalah", "seeds", "Seeds per pit"},
		{RU, "oware", "seeds", "Камней в\u00a0лунке"},
		{EN, "kalah", "pits", "Pits per player"},
		{EN, "tchuka", "pits", "Pits in the row"},
		{PL, "kalah", "empty_capture", "Puste bicie"},
		{DA, "oware", "grand_slam", "Storeslem"},
		{PL, "oware", "repetition", "Powtórzenie pozycji"},
		{EN, "kalah", "no_such", "no_such"},
	} {
		if got := OptionName(c.l, c.v, c.o); got != c.want {
			t.Errorf("OptionName(%s, %s, %s) = %q, want %q", c.l, c.v, c.o, got, c.want)
		}
	}
	for _, c := range []struct {
		l               Lang
		v, o, val, want string
	}{
		{EN, "kalah", "pie", "true", "yes"},
		{RU, "kalah", "pie", "false", "нет"},
		{EN, "kalah", "seeds", "1", "1"},
		{EN, "oware", "grand_slam", "nocapture", "allowed, but captures nothing"},
		{PL, "oware", "grand_slam", "forbidden", "zabroniony, jeśli jest inny ruch"},
		{EN, "oware", "repetition", "first", "as soon as a position comes back (Abapa)"},
		{RU, "oware", "repetition", "third", "на\u00a0третий раз"},
		{EN, "oware", "grand_slam", "weird", "weird"},
	} {
		if got := OptionValue(c.l, c.v, c.o, c.val); got != c.want {
			t.Errorf("OptionValue(%s, %s, %s, %s) = %q, want %q", c.l, c.v, c.o, c.val, got, c.want)
		}
	}
	if OptionDoc(EN, "kalah", "no_such") != "" {
		t.Error("OptionDoc of an unknown option is not empty")
	}
	for id := range ruleSets {
		v, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range v.Options {
			for _, l := range All {
				if d := OptionDoc(l, id, o.Name); d == "" || len([]rune(d)) > 100 {
					t.Errorf("OptionDoc(%s, %s, %s) = %q: want 1..100 characters", l, id, o.Name, d)
				}
			}
		}
	}
}

// Discord limits: command and option descriptions 1..100 characters,
// button labels 1..80.
func TestPlatformLimits(t *testing.T) {
	for _, l := range All {
		for _, k := range Keys() {
			n := len([]rune(Text(l, k, sampleArgs(1))))
			switch {
			case strings.HasPrefix(k, "cmd_"), strings.HasPrefix(k, "arg_"), strings.HasPrefix(k, "optdoc_"):
				if n > 100 {
					t.Errorf("%s %s: %d characters, Discord allows 100", l, k, n)
				}
			case strings.HasPrefix(k, "btn_"):
				if n > 80 {
					t.Errorf("%s %s: %d characters, Discord allows 80", l, k, n)
				}
			}
		}
	}
}

func TestMarkup(t *testing.T) {
	in := "*Title*\n• a < b & c\n2*3 and *bold* here"
	if got, want := ForDiscord(in), "**Title**\n• a < b & c\n2**3 and **bold* here"; got != want {
		// "2*3 and *bold*": the first pair is taken; texts never contain a
		// lone '*' (Validate), so this only shows the pairing rule.
		t.Errorf("ForDiscord = %q, want %q", got, want)
	}
	if got, want := ForTelegramHTML("*Title*\n• a < b & c"), "<b>Title</b>\n• a &lt; b &amp; c"; got != want {
		t.Errorf("ForTelegramHTML = %q, want %q", got, want)
	}
	if got, want := Plain("*Title*\nbody"), "Title\nbody"; got != want {
		t.Errorf("Plain = %q, want %q", got, want)
	}
	r := Rules(RU, "togyz", nil)
	if strings.Contains(Plain(r), "*") || strings.Count(ForDiscord(r), "**") != 2*strings.Count(r, "*")/2 {
		t.Errorf("markup helpers on a rules text:\n%s", ForDiscord(r))
	}
}

func ExampleText() {
	fmt.Println(Text(RU, "captured", map[string]any{"Player": "Аня", "Count": 22}))
	fmt.Println(Text(PL, "stats", map[string]any{"Player": "Anna", "Wins": 5, "Losses": 2, "Draws": 1}))
	fmt.Println(Plural(DA, "seeds", 1), "/", Plural(EN, "seeds", 2))
	// Output:
	// Аня забирает 22 камня.
	// Anna: 5 wygranych, 2 porażki, 1 remis.
	// 1 frø / 2 seeds
}
