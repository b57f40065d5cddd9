package bot

import "testing"

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
