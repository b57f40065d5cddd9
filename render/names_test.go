package render

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mancala-bot/mancala/engine"
)

func TestCleanName(t *testing.T) {
	face := newFace(40)
	defer face.Close()
	for _, tc := range []struct{ in, want string }{
		{"Алиса", "Алиса"},
		{"Łukasz ąęłńóśźż", "Łukasz ąęłńóśźż"},
		{"Ærø Åse æøå", "Ærø Åse æøå"},
		{"  two \t\n spaces  ", "two spaces"},
		{"a\u200db\u200fc\x07d", "abcd"},         // joiner, bidi mark, bell
		{"x 😀 y", "x \u25a1 y"},                  // an emoji: one box
		{"👍🏽👨\u200d👩\u200d👧 z", "\u25a1 z"},      // modifiers and joined emoji: one box
		{"e\u0301", "\u00e9"},                    // composed
		{"q\u0301", "q"},                         // a combining accent Go Bold lacks
		{"bad \xff\xfe utf8", "bad \u25a1 utf8"}, // invalid UTF-8
		{"中文名字", "\u25a1"},
		{"", ""},
	} {
		if got := cleanName(face, tc.in); got != tc.want {
			t.Errorf("cleanName(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := cleanName(face, strings.Repeat("ab", 1000)); utf8.RuneCountInString(got) != maxNameRunes+1 || !strings.HasSuffix(got, ellipsis) {
		t.Errorf("a 2000-letter name becomes %d letters: %q", utf8.RuneCountInString(got), got)
	}
}

func TestFitName(t *testing.T) {
	face := newFace(40)
	defer face.Close()
	long := "Bob Łukasz Ærø with a very long name indeed"
	full, w := fitName(face, long, 1e6)
	if full != long {
		t.Fatalf("fitName cut a name that fits: %q", full)
	}
	for _, maxW := range []float64{w - 1, w / 2, 200, 100} {
		got, gw := fitName(face, long, maxW)
		if !strings.HasSuffix(got, ellipsis) || gw > maxW || !strings.HasPrefix(long, strings.TrimSuffix(got, ellipsis)) {
			t.Errorf("fitName(%g) = %q, %.1f px", maxW, got, gw)
		}
		if strings.HasSuffix(strings.TrimSuffix(got, ellipsis), " ") {
			t.Errorf("fitName(%g) = %q: a space before the ellipsis", maxW, got)
		}
	}
	if got, _ := fitName(face, long, 5); got != "" {
		t.Errorf("fitName in 5 px = %q, want nothing", got)
	}
}

// TestNamesNeverPanic draws hostile names on every variant: the image has
// the size Size promises with those options.
func TestNamesNeverPanic(t *testing.T) {
	names := [][2]string{
		{"\xff\xfe\xfd", strings.Repeat("😀", 500)},
		{strings.Repeat("W", 300), "\u202eevil\u202c"},
		{"", "only north"},
		{"only south", ""},
		{" ", "\u200d"},
	}
	for _, v := range engine.Variants() {
		r, err := v.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			o := Options{Names: n, Status: engine.Draw, Scale: 0.5}
			img := Board(r.Start(), o)
			if w, h := Size(r, o); img.Rect.Dx() != w || img.Rect.Dy() != h {
				t.Errorf("%s %q: %v, Size says %dx%d", v.ID, n, img.Rect.Size(), w, h)
			}
		}
	}
}
