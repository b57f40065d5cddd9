package render

import (
	"image"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/text/unicode/norm"

	"github.com/mancala-bot/mancala/engine"
)

// Players' names are the only words an image may carry, and they come from
// the chat platforms: any script, emoji, control characters. Go Bold draws
// Latin (with every European accent), Greek and Cyrillic; a character it
// lacks is drawn as a box, once for a run of them (an emoji with its
// modifiers and joiners is one box).
const (
	maxNameRunes = 64       // longer names are cut before measuring
	missingGlyph = '\u25a1' // □, for characters the font lacks
	ellipsis     = "\u2026" // …
)

// nameWidth is the widest a name is drawn, as a fraction of the board's
// width.
const nameWidth = 0.8

// drawNames draws each side's name in its colour in its name row: North's
// from the board's left edge (over North's store), South's to the right
// edge (under South's store).
func (r *renderer) drawNames() {
	g := r.g
	if !g.named {
		return
	}
	face := r.faces.name
	x0, x1 := r.nameSpan()
	maxW := nameWidth * (x1 - x0)
	capH := float64(face.Metrics().CapHeight) / 64
	for s, name := range r.names {
		side := engine.Side(s)
		y := g.nameY[side]
		if name == "" || y == 0 {
			continue
		}
		text, w := fitName(face, cleanName(face, name), min(maxW, x1-x0-0.12*g.pitch-r.handRoom(side)))
		if text == "" {
			continue
		}
		x := x0 + 0.06*g.pitch
		if side != g.top { // the bottom side's name ends at the right
			x = x1 - 0.06*g.pitch - w
		}
		d := font.Drawer{
			Dst:  r.img,
			Src:  image.NewUniform(sideColor(side)),
			Face: face,
			Dot:  fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6((y + capH/2) * 64)},
		}
		d.DrawString(text)
	}
	r.drawHands()
}

// drawHands shows the seeds each side holds in hand (Bao's namua stage) in
// its name row, at the end away from its name: three seeds and the count,
// in the side's colour. Nothing is drawn for an empty hand.
func (r *renderer) drawHands() {
	g := r.g
	face := r.faces.name
	capH := float64(face.Metrics().CapHeight) / 64
	spr := seedSprite(g.seedR * 1.6)
	x0, x1 := r.nameSpan()
	for s, n := range r.s.hands {
		side := engine.Side(s)
		y := g.nameY[side]
		if n <= 0 || y == 0 {
			continue
		}
		text := strconv.Itoa(n)
		w := float64(font.MeasureString(face, text)) / 64
		icon := 5 * g.seedR * 1.6
		x := x1 - 0.06*g.pitch - w - icon // the top side: the right end
		if side != g.top {
			x = x0 + 0.06*g.pitch // the bottom side: the left end
		}
		r0 := g.seedR * 1.6
		spr.drawAt(r.img, x+r0, y+0.6*r0)
		spr.drawAt(r.img, x+3*r0, y+0.6*r0)
		spr.drawAt(r.img, x+2*r0, y-1.1*r0)
		d := font.Drawer{
			Dst:  r.img,
			Src:  image.NewUniform(sideColor(side)),
			Face: face,
			Dot:  fixed.Point26_6{X: fixed.Int26_6((x + icon) * 64), Y: fixed.Int26_6((y + capH/2) * 64)},
		}
		d.DrawString(text)
	}
}

// cleanName returns name as face can draw it on one line: composed (NFC,
// so a letter typed as a letter and a combining accent draws as one
// glyph), control and
// format characters (bidi marks, zero-width joiners), variation selectors
// and emoji skin-tone modifiers are dropped, every run of white space is
// one space, a combining mark the font lacks is dropped, and every run of
// other characters it lacks (invalid UTF-8 included) is one box. At most
// maxNameRunes characters are kept, then an ellipsis.
func cleanName(face font.Face, name string) string {
	var b strings.Builder
	n := 0
	boxed, spaced := false, true    // spaced: no space is needed before the next word
	if len(name) > 8*maxNameRunes { // enough to compose maxNameRunes letters
		i := 8 * maxNameRunes
		for i > 0 && !utf8.RuneStart(name[i]) {
			i--
		}
		name = name[:i]
	}
	for _, c := range norm.NFC.String(name) {
		if n >= maxNameRunes {
			// Cut: fitName shortens it further if need be.
			return strings.TrimRight(b.String(), " ") + ellipsis
		}
		switch {
		case unicode.IsSpace(c):
			if !spaced {
				b.WriteByte(' ')
				n++
				spaced = true
			}
			boxed = false
			continue
		case unicode.IsControl(c), unicode.Is(unicode.Cf, c), unicode.Is(unicode.Variation_Selector, c),
			c >= 0x1f3fb && c <= 0x1f3ff: // skin tones
			continue
		}
		if _, ok := face.GlyphAdvance(c); ok && c != unicode.ReplacementChar {
			b.WriteRune(c)
			boxed = false
		} else if unicode.Is(unicode.Mn, c) {
			continue
		} else if !boxed {
			b.WriteRune(missingGlyph)
			boxed = true
		} else {
			continue
		}
		n++
		spaced = false
	}
	return strings.TrimRight(b.String(), " ")
}

// fitName returns s as it fits in maxW pixels, cut with an ellipsis if it
// is too long, and its width.
func fitName(face font.Face, s string, maxW float64) (string, float64) {
	px := func(s string) float64 { return float64(font.MeasureString(face, s)) / 64 }
	if w := px(s); w <= maxW {
		return s, w
	}
	rs := []rune(s)
	for k := len(rs) - 1; k > 0; k-- {
		t := strings.TrimRight(string(rs[:k]), " ") + ellipsis
		if w := px(t); w <= maxW {
			return t, w
		}
	}
	return "", 0
}
