package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestPositionJSONRoundTrip(t *testing.T) {
	cases := []struct {
		variant string
		opts    Options
		moves   []string
	}{
		{"kalah", nil, []string{"3", "1", "2"}},
		{"kalah", Options{"pits": "4", "seeds": "3", "pie": "true"}, []string{"1", "swap"}},
		{"oware", Options{"grand_slam": "forbidden"}, []string{"6", "6", "1"}},
		{"togyz", nil, []string{"7", "1", "2"}},
		{"congkak", Options{"relay": "false"}, []string{"1", "2"}},
		{"tchuka", Options{"pits": "6", "seeds": "4"}, []string{"5"}},
		{"bao-kenya", Options{"seeds": "4", "capture_sower": "true"}, []string{"6", "1"}},
		{"bao-laps", Options{"infinite": "illegal", "skip_origin": "true"}, []string{"1", "8"}},
	}
	for _, tc := range cases {
		t.Run(tc.variant, func(t *testing.T) {
			p := mustPlay(t, MustNew(tc.variant, tc.opts).Start(), tc.moves...)
			b, err := p.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			q, err := ParsePosition(b)
			if err != nil {
				t.Fatalf("ParsePosition(%s): %v", b, err)
			}
			if q != p {
				t.Errorf("round trip changed the position:\n%s\n%s", describe(&p), describe(&q))
			}
		})
	}
}

func TestPositionJSONShape(t *testing.T) {
	p := mustPlay(t, MustNew("togyz", nil).Start(), "7")
	b, _ := p.MarshalJSON()
	want := `{"variant":"togyz","options":{},"to_move":"north","ply":1,` +
		`"pits":{"south":[9,9,9,9,9,9,1,10,10],"north":[10,10,10,10,10,0,9,9,9]},` +
		`"stores":{"south":10,"north":0},"status":"ongoing","extra":{"tuzdyk":{"north":0,"south":0}}}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestParsePositionErrors(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", ``, "empty input"},
		{"truncated", `{"variant":"kalah"`, "unexpected end"},
		{"syntax", "{\n  \"variant\": kalah}", "line 2, column 14"},
		{"type", `{"variant":"kalah","ply":"x"}`, "ply: want int"},
		{"unknown field", `{"variant":"kalah","turn":"south"}`, `unknown field "turn"`},
		{"no variant", `{}`, "variant: missing"},
		{"unknown variant", `{"variant":"chess"}`, `unknown variant "chess"`},
		{"unknown option", `{"variant":"kalah","options":{"holes":6}}`, `unknown option "holes"`},
		{"option range", `{"variant":"kalah","options":{"pits":9}}`, "pits: 9 is outside 1..8"},
		{"option type", `{"variant":"kalah","options":{"pie":"maybe"}}`, `pie: "maybe" is not true or false`},
		{"side", `{"variant":"kalah","to_move":"east"}`, "to_move: east is not a side of kalah"},
		{"pit count", `{"variant":"kalah","pits":{"north":[1,2,3]}}`, "pits.north: want 6 pits, got 3"},
		{"negative", `{"variant":"oware","pits":{"south":[4,4,-1,4,4,4]}}`, "pits.south[2]: -1 seeds is negative"},
		{"too many", `{"variant":"oware","stores":{"south":250}}`, "more than 255 seeds"},
		// 250 on the board and 8 in hand (found by FuzzOhojitxi)
		{"too many with the drop", `{"variant":"ohojitxi","pits":{"south":[47,47,47,47,47,15],"north":[0,0,0,0,0,0]},"extra":{"drop":8,"last_drop":{"south":0,"north":0}}}`, "258 seeds with those in hand, more than the 255"},
		{"bad side", `{"variant":"tchuka","pits":{"north":[1,1,1,1]}}`, "pits.north: not a side of this game"},
		{"status", `{"variant":"kalah","status":"won"}`, `status: unknown status "won"`},
		{"over but ongoing", `{"variant":"kalah","pits":{"south":[0,0,0,0,0,0]}}`, "marked ongoing, but by the rules the game is over"},
		{"extra key", `{"variant":"kalah","extra":{"tuzdyk":1}}`, "extra.tuzdyk: kalah keeps no extra state"},
		{"tuzdyk nine", `{"variant":"togyz","pits":{"north":[9,9,9,9,9,9,9,9,0]},"extra":{"tuzdyk":{"south":9}}}`, "extra.tuzdyk.south: 9 is not a pit"},
		{"tuzdyk full", `{"variant":"togyz","extra":{"tuzdyk":{"south":2}}}`, "north pit 2 holds seeds"},
		{"two values", `{"variant":"kalah"} {}`, "more than one JSON value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePosition([]byte(tc.in))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
}

// TestParsePositionAtMostSeeds: 255 seeds with those in hand, the most a
// position holds, are accepted.
func TestParsePositionAtMostSeeds(t *testing.T) {
	p, err := ParsePosition([]byte(`{"variant":"ohojitxi","pits":{"south":[40,40,40,40,40,7],"north":[7,7,7,7,6,6]},"extra":{"drop":8,"last_drop":{"south":0,"north":0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if n := p.Seeds(); n != 255 {
		t.Errorf("%d seeds, want 255", n)
	}
}

func TestParsePositionDefaultsToTheStart(t *testing.T) {
	p, err := ParsePosition([]byte(`{"variant":"oware","options":{"seeds":5}}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := MustNew("oware", Options{"seeds": "5"}).Start(); describe(&p) != describe(&want) {
		t.Errorf("got %s, want the start %s", describe(&p), describe(&want))
	}
}

func TestParseMove(t *testing.T) {
	good := map[string]Move{"3": {Pit: 3}, " 12 ": {Pit: 12}, "3L": {Pit: 3, Dir: DirLeft}, "4r": {Pit: 4, Dir: DirRight}, "SWAP": SwapMove,
		"3R+": {Pit: 3, Dir: DirRight, Plus: true}, "16l+": {Pit: 16, Dir: DirLeft, Plus: true}, "5+": {Pit: 5, Plus: true}}
	for in, want := range good {
		if got, err := ParseMove(in); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", in, got, err, want)
		}
		if back, err := ParseMove(want.String()); err != nil || back != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", want.String(), back, err, want)
		}
	}
	if s := (Move{Pit: 3, Dir: DirRight, Plus: true}).String(); s != "3R+" {
		t.Errorf("String() = %q, want 3R+", s)
	}
	for _, in := range []string{"", "x", "0", "-1", "+3", "3LL", "L", "99", "3.5", "+", "3++", "3+L", "swap+", "L+"} {
		if m, err := ParseMove(in); err == nil {
			t.Errorf("ParseMove(%q) = %v, want an error", in, m)
		}
	}
}

// No variant offered today has a choice to go on: a move with "+" is
// refused and changes nothing.
func TestPlusRefused(t *testing.T) {
	for _, id := range []string{"kalah", "oware", "togyz", "congkak", "tchuka"} {
		p := MustNew(id, nil).Start()
		for _, m := range p.Moves() {
			m.Plus = true
			if err := p.Rules().Check(&p, m); ReasonOf(err) != NeedsNoDirection {
				t.Errorf("%s: move %s: error %v, want NeedsNoDirection", id, m, err)
			}
			wantIllegal(t, p, m.String(), NeedsNoDirection)
		}
	}
}

func TestOptions(t *testing.T) {
	v, err := Lookup("Kalah")
	if err != nil {
		t.Fatal(err)
	}
	full, err := v.Resolve(Options{"seeds": " 5", "pie": "1"})
	if err != nil {
		t.Fatal(err)
	}
	want := Options{"pits": "6", "seeds": "5", "empty_capture": "false", "pie": "true"}
	for k, w := range want {
		if full[k] != w {
			t.Errorf("%s = %q, want %q", k, full[k], w)
		}
	}
	if _, err := New("togyz", Options{"seeds": "5"}); err == nil || !strings.Contains(err.Error(), "togyz takes no options") {
		t.Errorf("togyz with an option: %v", err)
	}
	if _, err := New("tchuka", Options{"pits": "16", "seeds": "16"}); err == nil {
		t.Error("tchuka with 256 seeds accepted")
	}
	var ids []string
	for _, v := range Variants() {
		ids = append(ids, v.ID)
	}
	// The spec's order, which the variants' Order fields give (a variant
	// added later may come anywhere among them).
	spec := strings.Fields("kalah oware togyz congkak tchuka namnam ayoayo bao-kenya bao-laps bao-kujifunza bao ohojitxi afrika gabata selus sulus ruma madjnuni tshuba")
	var got []string
	for _, id := range ids {
		if slices.Contains(spec, id) {
			got = append(got, id)
		}
	}
	if !slices.Equal(got, spec) {
		t.Errorf("Variants() = %s: the spec's variants are not in its order", strings.Join(ids, " "))
	}
	for _, id := range []string{"kalah", "oware", "togyz", "congkak", "tchuka", "bao-kenya", "bao-laps", "bao-kujifunza", "bao"} {
		if !strings.Contains(" "+strings.Join(ids, " ")+" ", " "+id+" ") {
			t.Errorf("Variants() = %s: no %s", strings.Join(ids, " "), id)
		}
	}
}
