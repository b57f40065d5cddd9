package render

import (
	"image/color"
	"math"
	"testing"
)

// Colour-vision deficiency simulation: Machado, Oliveira and Fernandes
// (2009), "A Physiologically-based Model for Simulation of Color Vision
// Deficiency", the matrices for severity 1.0 (dichromacy), applied to
// linear RGB.
var cvdMatrices = []struct {
	name string
	m    [3][3]float64
}{
	{"normal", [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}},
	{"protanopia", [3][3]float64{
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", [3][3]float64{
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", [3][3]float64{
		{1.255528, -0.076749, -0.178779},
		{-0.078411, 0.930809, 0.147602},
		{0.004733, 0.691367, 0.303900}}},
}

func toLinear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// simulate returns c as seen with the deficiency m, in linear RGB.
func simulate(c color.RGBA, m [3][3]float64) [3]float64 {
	in := [3]float64{toLinear(c.R), toLinear(c.G), toLinear(c.B)}
	var out [3]float64
	for i := range 3 {
		for j := range 3 {
			out[i] += m[i][j] * in[j]
		}
		out[i] = min(max(out[i], 0), 1)
	}
	return out
}

// lab converts linear sRGB to CIELAB (D65).
func lab(rgb [3]float64) [3]float64 {
	r, g, b := rgb[0], rgb[1], rgb[2]
	x := (0.4124564*r + 0.3575761*g + 0.1804375*b) / 0.95047
	y := 0.2126729*r + 0.7151522*g + 0.0721750*b
	z := (0.0193339*r + 0.1191920*g + 0.9503041*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// deltaE is the CIE76 colour difference of a and b as seen with m.
func deltaE(a, b color.RGBA, m [3][3]float64) float64 {
	la, lb := lab(simulate(a, m)), lab(simulate(b, m))
	return math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
}

// Thresholds in CIE76 ΔE (about 2.3 is a just noticeable difference; 20
// is an obvious one at a glance).
const (
	keyDelta  = 30 // between the colours that tell the sides and the move apart
	markDelta = 20 // between the other marks, and every mark and the board
)

// TestPalette checks that the board's colours stay apart with normal
// vision and with simulated protanopia, deuteranopia and tritanopia: the
// two sides, the last move's highlight and the capture badges pairwise by
// keyDelta; a capture's "−n" and a store's "+n", the crown and North's
// orange (it sits by North's store when North wins), and every mark and
// the board by markDelta.
func TestPalette(t *testing.T) {
	type named struct {
		name string
		c    color.RGBA
	}
	key := []named{{"south", colSouth}, {"north", colNorth}, {"move", colMove}, {"capture", colCapture}}
	marks := append(key[:len(key):len(key)], named{"gain", colGain}, named{"crown", colCrown}, named{"tuzdyk", colTuzdyk})
	type pair struct {
		a, b named
		want float64
	}
	var pairs []pair
	for i := range key {
		for j := i + 1; j < len(key); j++ {
			pairs = append(pairs, pair{key[i], key[j], keyDelta})
		}
	}
	pairs = append(pairs,
		pair{named{"gain", colGain}, named{"capture", colCapture}, keyDelta},
		pair{named{"crown", colCrown}, named{"north", colNorth}, markDelta},
		pair{named{"crown", colCrown}, named{"move", colMove}, markDelta})
	for _, m := range marks {
		pairs = append(pairs, pair{m, named{"board", colBoard}, markDelta}, pair{m, named{"well", colWell}, markDelta})
	}
	for _, m := range cvdMatrices {
		for _, p := range pairs {
			d := deltaE(p.a.c, p.b.c, m.m)
			if testing.Verbose() {
				t.Logf("%-12s %-8s %-8s ΔE %5.1f", m.name, p.a.name, p.b.name, d)
			}
			if d < p.want {
				t.Errorf("%s: %s and %s are ΔE %.1f apart, want at least %g", m.name, p.a.name, p.b.name, d, p.want)
			}
		}
	}
}

// TestSimulation checks the simulation itself on known values: white and
// black are unchanged, and red and green, far apart with normal vision,
// nearly merge for a deuteranope.
func TestSimulation(t *testing.T) {
	white, black := rgb(0xff, 0xff, 0xff), rgb(0, 0, 0)
	for _, m := range cvdMatrices {
		if d := deltaE(white, black, m.m); d < 99 {
			t.Errorf("%s: white and black ΔE %.1f", m.name, d)
		}
	}
	red, green := rgb(0xcc, 0x33, 0x33), rgb(0x66, 0x88, 0x22)
	normal, deut := deltaE(red, green, cvdMatrices[0].m), deltaE(red, green, cvdMatrices[2].m)
	if normal < 60 || deut > 20 {
		t.Errorf("red and green: ΔE %.1f with normal vision, %.1f for a deuteranope", normal, deut)
	}
}
