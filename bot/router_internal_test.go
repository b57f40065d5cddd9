package bot

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/mancala-bot/mancala/locales"
)

// Which requests are urgent (sent ahead of other traffic) and which are
// throttled, command by command and button by button.
func TestUrgency(t *testing.T) {
	for _, tt := range []struct {
		req       Request
		urgent    bool
		throttled bool
	}{
		{Request{Command: "new"}, true, false},
		{Request{Command: "move", Args: []string{"3"}}, true, false},
		{Request{Command: "accept"}, true, false},
		{Request{Command: "decline"}, true, false},
		{Request{Command: "join"}, true, false},
		{Request{Command: "resign"}, true, false},
		{Request{Command: "draw"}, true, false},
		{Request{Command: "undo"}, true, false},
		{Request{Command: "rematch"}, true, false},
		{Request{Command: "claim"}, true, false},
		{Request{Command: "abandon"}, true, false},
		{Request{Command: "board"}, true, false},
		{Request{Command: "games"}, false, true},
		{Request{Command: "notify", Args: []string{"on"}}, false, false},
		{Request{Command: "replay"}, false, true},
		{Request{Command: "review"}, false, true},
		{Request{Command: "game"}, false, true},
		{Request{Command: "rules"}, false, true},
		{Request{Command: "variants"}, false, true},
		{Request{Command: "puzzle"}, false, true},
		{Request{Command: "puzzle", Args: []string{"3"}}, false, false},
		{Request{Command: "stats"}, false, true},
		{Request{Command: "top"}, false, true},
		{Request{Command: "lang", Args: []string{"ru"}}, false, false},
		{Request{Command: "help"}, false, true},
		{Request{Command: "nosuch"}, false, true},
		{Request{Text: "3"}, true, false},
		{Request{Text: "/m 3"}, true, false},
		{Request{Text: "/language ru"}, false, false},
		{Request{Text: "/puzzle 3 1"}, false, false},
		{Request{Text: "/leaderboard"}, false, true},
		{Request{Text: "hello"}, false, true},
		{Request{Button: "m:42:7:3"}, true, false},
		{Request{Button: "a:42:7"}, true, false},
		{Request{Button: "d:42:7"}, true, false},
		{Request{Button: "r:42:7"}, true, false},
		{Request{Button: "c:42:7"}, true, false},
		{Request{Button: "j:42:7"}, true, false},
		{Request{Button: "p:42:7:6"}, true, false},
		{Request{Button: "b:42:7"}, true, false},
		{Request{Button: "v:42:7"}, false, false},
		{Request{Button: "w:42:7"}, false, false},
		{Request{Button: "q:20261123:0:3"}, false, false},
		{Request{Button: "qr:20261123:5"}, false, false},
		{Request{Button: "qg:20261123:5"}, false, false},
		{Request{Button: "x:42:7"}, false, false},
		{Request{Button: "m:42:7"}, false, false},
	} {
		if got := Urgent(tt.req); got != tt.urgent {
			t.Errorf("Urgent(%+v) = %v, want %v", tt.req, got, tt.urgent)
		}
		if got := throttled(tt.req); got != tt.throttled {
			t.Errorf("throttled(%+v) = %v, want %v", tt.req, got, tt.throttled)
		}
	}
}

// Button data: what parseButton accepts and refuses.
func TestParseButtonActions(t *testing.T) {
	for in, want := range map[string]string{
		"m:42:7:3": "", "m:42:7:6R": "", "q:20261123:0:3": "", "p:42:7:6": "",
		"a:42:7": "", "d:42:7": "", "r:42:7": "", "c:42:7": "", "v:42:7": "", "w:42:7": "",
		"j:42:7": "", "b:42:7": "", "qr:20261123:5": "", "qg:20261123:5": "",
		"m:42:7":     "button data \"m:42:7\": move without a pit",
		"a:42:7:3":   "button data \"a:42:7:3\": a takes no argument",
		"p:42:7:6R":  "button data \"p:42:7:6R\": bad pit",
		"m:42:7:zz":  "button data \"m:42:7:zz\": bad move",
		"x:42:7":     "button data \"x:42:7\": unknown action",
		"m:0:7:3":    "button data \"m:0:7:3\": bad game id",
		"m:42:07:3":  "button data \"m:42:07:3\": bad version",
		"m:42":       "button data \"m:42\": want action:game:version[:arg]",
		"qr:1:2:3":   "button data \"qr:1:2:3\": qr takes no argument",
		"q:1:2":      "button data \"q:1:2\": move without a pit",
		"m:42:7:3:4": "button data \"m:42:7:3:4\": want action:game:version[:arg]",
	} {
		d, err := parseButton(in)
		got := ""
		if err != nil {
			got = err.Error()
		} else if d.String() != in {
			got = "reads back as " + d.String()
		}
		if got != want {
			t.Errorf("parseButton(%q): %q, want %q", in, got, want)
		}
	}
}

// TestCommandTable checks every row of Commands: a handler, a cmd_
// description and a Discord name (cmdname_, the English one the command's
// own) in every language, the help text naming it, and arguments each
// with a name in every language (argname_), a description, what its kind
// needs (choices, a word) and the required ones first.
func TestCommandTable(t *testing.T) {
	levels := SimpleOpponent{}.Levels()
	seen := map[string]bool{}
	names := map[locales.Lang]map[string]string{}
	for _, c := range Commands {
		if c.run == nil {
			t.Errorf("/%s has no handler", c.Name)
		}
		if seen[c.Name] || !validName(c.Name) {
			t.Errorf("/%s listed twice, or not a valid name", c.Name)
		}
		seen[c.Name] = true
		if c.Urgent && c.Setting {
			t.Errorf("/%s is both urgent and a setting", c.Name)
		}
		if CommandNamed(c.Name) == nil {
			t.Errorf("/%s: CommandNamed finds nothing", c.Name)
		}
		for _, l := range locales.All {
			if !locales.Has(l, "cmd_"+c.Name) {
				t.Errorf("/%s: no cmd_%s in %s", c.Name, c.Name, l)
			}
			if !strings.Contains(locales.Text(l, "help", map[string]any{"Levels": ""}), "/"+c.Name) {
				t.Errorf("%s help does not name /%s", l, c.Name)
			}
			n := localName(t, l, "cmdname_"+c.Name, c.Name)
			if names[l] == nil {
				names[l] = map[string]string{}
			}
			if other, dup := names[l][n]; dup {
				t.Errorf("%s: /%s and /%s are both named %q", l, other, c.Name, n)
			}
			names[l][n] = c.Name
		}
		required, args := true, map[string]bool{}
		for _, a := range c.Args {
			what := "/" + c.Name + " " + a.Name
			if args[a.Name] || !validName(a.Name) {
				t.Errorf("%s: listed twice, or not a valid name", what)
			}
			args[a.Name] = true
			if a.Required && !required {
				t.Errorf("%s: required after an optional argument", what)
			}
			required = a.Required
			for _, l := range locales.All {
				localName(t, l, "argname_"+a.Name, a.Name)
				if a.Desc == "" || !locales.Has(l, a.Desc) {
					t.Errorf("%s: no description %q in %s", what, a.Desc, l)
				}
			}
			if (a.Kind == ArgChoice) != (a.Choices != nil) {
				t.Errorf("%s: choices for kind %d", what, a.Kind)
			}
			if a.Kind == ArgChoice && len(a.Choices(levels)) == 0 {
				t.Errorf("%s: no choices", what)
			}
			if a.Kind == ArgSwitch && a.Word == "" {
				t.Errorf("%s: a switch passing no word", what)
			}
		}
	}
	if len(commandByName) != len(Commands) {
		t.Errorf("%d commands by name for %d commands", len(commandByName), len(Commands))
	}
	// Texts name commands as Discord shows them, only on Discord.
	if got := platformCommands("discord", locales.RU, "Отправьте /draw или /move 3 (не /unknown)."); got != "Отправьте /ничья или /ход 3 (не /unknown)." {
		t.Errorf("discord ru: %q", got)
	}
	if got := platformCommands("telegram", locales.RU, "/draw"); got != "/draw" {
		t.Errorf("telegram: %q", got)
	}
}

// localName is the catalog's name key in l, checked: present, a valid
// Discord name, and in English the name itself.
func localName(t *testing.T, l locales.Lang, key, name string) string {
	t.Helper()
	if !locales.Has(l, key) {
		t.Errorf("no %s in %s", key, l)
		return ""
	}
	n := locales.Text(l, key, nil)
	if !validName(n) {
		t.Errorf("%s %s: %q is not a Discord name (lower case letters, digits, - and _, at most 32)", l, key, n)
	}
	if l == locales.EN && n != name {
		t.Errorf("en %s: %q, want %q (the English name is the bot's own)", key, n, name)
	}
	return n
}

// validName reports whether s is a name Discord accepts for a command
// or an option: lower case letters, digits, - and _, 1 to 32 of them.
func validName(s string) bool {
	if s == "" || len([]rune(s)) > 32 || strings.ToLower(s) != s {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// Words: each kind of argument, the prefix, the argument put first and
// a name the command does not have.
func TestWords(t *testing.T) {
	c := &Command{Name: "x", Args: []Arg{
		{Name: "a", Kind: ArgChoice},
		{Name: "who", Kind: ArgUser, Word: "bot"},
		{Name: "n", Kind: ArgInteger, Prefix: "bot"},
		{Name: "text", Kind: ArgText},
		{Name: "more", Kind: ArgUser},
		{Name: "flag", Kind: ArgSwitch, Word: "flag", First: true},
	}}
	for _, tt := range []struct {
		in   map[string]ArgValue
		want []string
	}{
		{nil, nil},
		{map[string]ArgValue{"a": {Text: " v "}, "text": {Text: " one  two "}}, []string{"v", "one", "two"}},
		{map[string]ArgValue{"who": {Text: "<@1>", Self: true}, "n": {Text: "3"}}, []string{"bot", "3"}},
		{map[string]ArgValue{"who": {Text: "<@1>"}, "n": {Text: "3"}}, []string{"<@1>", "bot", "3"}},
		{map[string]ArgValue{"more": {Text: "<@1>", Self: true}, "flag": {On: false}}, nil},
		{map[string]ArgValue{"more": {Text: "<@2>"}, "flag": {On: true}, "a": {Text: "v"}}, []string{"flag", "v", "<@2>"}},
		{map[string]ArgValue{"a": {Text: " "}, "n": {Text: ""}, "other": {Text: "x"}}, nil},
	} {
		if got := c.Words(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Words(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Every button action has a handler.
func TestButtonTable(t *testing.T) {
	for action, a := range buttonActions {
		if a.run == nil {
			t.Errorf("button %q has no handler", action)
		}
	}
}
