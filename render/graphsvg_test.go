package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// svgNode is an element of a parsed SVG: its name, attributes, text and
// children.
type svgNode struct {
	name     string
	attrs    map[string]string
	text     string
	children []*svgNode
}

// parseSVG parses data as XML (failing the test when it is not well
// formed) and returns its root element.
func parseSVG(t *testing.T, data []byte) *svgNode {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []*svgNode
	var root *svgNode
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			n := &svgNode{name: tk.Name.Local, attrs: map[string]string{}}
			for _, a := range tk.Attr {
				name := a.Name.Local
				if a.Name.Space != "" && a.Name.Space != "http://www.w3.org/2000/svg" {
					name = a.Name.Space + ":" + name
				}
				n.attrs[name] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					t.Fatal("two root elements")
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(tk)
			}
		case xml.ProcInst, xml.Directive:
			t.Errorf("unexpected %T in the SVG", tk)
		}
	}
	if root == nil {
		t.Fatal("no root element")
	}
	return root
}

// walk calls f for n and every element under it.
func (n *svgNode) walk(f func(*svgNode)) {
	f(n)
	for _, c := range n.children {
		c.walk(f)
	}
}

// child returns n's first child named name, or nil.
func (n *svgNode) child(name string) *svgNode {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// englishPoint labels a point as a page in English would.
func englishPoint(p GraphPoint) string {
	if !p.Known {
		return fmt.Sprintf("move %d: not evaluated", p.Ply)
	}
	side := "South"
	if p.Value < 0 {
		side = "North"
	}
	return fmt.Sprintf("move %d: %+.1f for %s", p.Ply, max(p.Value, -p.Value), side)
}

func graphSVG(t *testing.T, g EvalGraph, labels GraphLabels, current int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := GraphSVG(&buf, g, labels, current); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGraphSVG draws graphCase (graph_test.go) and checks the document:
// well-formed XML; one link per ply, in order, to ?ply=N with
// data-graph-ply="N" and the labeller's title; the dots where the scale
// puts them, worked out by hand (the scale is ±24: the largest known value,
// -30, is beyond it and clamped to the edge); no dot for the value not
// known; the turning points ringed; the current ply marked; the accessible
// name and summary; nothing a strict CSP blocks.
func TestGraphSVG(t *testing.T) {
	g := graphCase()
	labels := GraphLabels{Title: "Evaluation <graph>", Summary: "South led & lost", Point: englishPoint}
	data := graphSVG(t, g, labels, 12)
	root := parseSVG(t, data)
	if root.name != "svg" || root.attrs["viewBox"] != "0 0 800 400" {
		t.Fatalf("root %s %v", root.name, root.attrs)
	}
	if got := root.child("title"); got == nil || got.text != "Evaluation <graph>" {
		t.Errorf("title %+v", got)
	}
	if got := root.child("desc"); got == nil || got.text != "South led & lost" {
		t.Errorf("desc %+v", got)
	}

	// Plot: y = 16 + 348/2 - v/24*(348/2-10) = 190 - v*164/24; x = 56 +
	// 12 + (728-24)*i/30 = 68 + i*704/30.
	wantY := func(v float64) float64 { return 190 - max(-24, min(24, v))*164/24 }
	var links []*svgNode
	root.walk(func(n *svgNode) {
		if n.name == "a" {
			links = append(links, n)
		}
	})
	if len(links) != len(g.Values)-1 {
		t.Fatalf("%d links, want one per ply: %d", len(links), len(g.Values)-1)
	}
	for k, a := range links {
		ply := k + 1
		if a.attrs["data-graph-ply"] != strconv.Itoa(ply) || a.attrs["href"] != "?ply="+strconv.Itoa(ply) {
			t.Errorf("link %d: %v", ply, a.attrs)
		}
		if title := a.child("title"); title == nil || title.text != englishPoint(GraphPoint{Ply: ply, Value: g.Values[ply], Known: ply != 25}) {
			t.Errorf("link %d: title %+v", ply, title)
		}
		if cur := a.attrs["aria-current"]; (cur == "step") != (ply == 12) || (cur != "" && cur != "step") {
			t.Errorf("link %d: aria-current %q", ply, cur)
		}
		var dots, rings []*svgNode
		for _, c := range a.children {
			if c.name != "circle" {
				continue
			}
			if c.attrs["fill"] == "none" {
				rings = append(rings, c)
			} else {
				dots = append(dots, c)
			}
		}
		if ply == 25 {
			if len(dots) != 0 {
				t.Errorf("ply 25 (not known) has a dot")
			}
			continue
		}
		if len(dots) != 1 {
			t.Fatalf("ply %d: %d dots", ply, len(dots))
		}
		cx, _ := strconv.ParseFloat(dots[0].attrs["cx"], 64)
		cy, _ := strconv.ParseFloat(dots[0].attrs["cy"], 64)
		if wx, wy := 68+float64(ply)*704/30, wantY(g.Values[ply]); abs(cx-wx) > 0.01 || abs(cy-wy) > 0.01 {
			t.Errorf("ply %d (%v): dot at %v,%v, want %.2f,%.2f", ply, g.Values[ply], cx, cy, wx, wy)
		}
		if want := hex(sideColor(g.Movers[ply-1])); dots[0].attrs["fill"] != want {
			t.Errorf("ply %d: dot %s, want its mover's %s", ply, dots[0].attrs["fill"], want)
		}
		wantRings := 0
		if ply == 12 || ply == 21 { // turning points (indices 11, 20)
			wantRings++
		}
		if ply == 12 { // the current ply
			wantRings++
		}
		if len(rings) != wantRings {
			t.Errorf("ply %d: %d rings, want %d", ply, len(rings), wantRings)
		}
	}
	if last := wantY(-30); last != 354 {
		t.Errorf("the clamped value's y %v, want the edge 354", last)
	}

	// Nothing a strict CSP (no inline script or style) blocks, no id.
	root.walk(func(n *svgNode) {
		switch n.name {
		case "script", "style", "foreignObject":
			t.Errorf("a <%s> element", n.name)
		}
		for k := range n.attrs {
			if k == "style" || k == "id" || strings.HasPrefix(k, "on") {
				t.Errorf("<%s %s=%q>", n.name, k, n.attrs[k])
			}
		}
	})
	checkSVGGolden(t, "review_graph", data)
}

// TestGraphSVGMatchesPNG: the SVG puts each dot where Graph's PNG draws
// it: the PNG's pixel at every known dot's centre is the dot's colour.
func TestGraphSVGMatchesPNG(t *testing.T) {
	g := graphCase()
	var pngBuf bytes.Buffer
	if err := Graph(&pngBuf, g); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&pngBuf)
	if err != nil {
		t.Fatal(err)
	}
	root := parseSVG(t, graphSVG(t, g, GraphLabels{}, 0))
	n := 0
	root.walk(func(c *svgNode) {
		if c.name != "circle" || c.attrs["fill"] == "none" {
			return
		}
		cx, _ := strconv.ParseFloat(c.attrs["cx"], 64)
		cy, _ := strconv.ParseFloat(c.attrs["cy"], 64)
		r, gr, b, _ := img.At(int(cx), int(cy)).RGBA()
		if got := fmt.Sprintf("#%02x%02x%02x", r>>8, gr>>8, b>>8); got != c.attrs["fill"] {
			t.Errorf("dot at %v,%v: the PNG has %s there, the SVG %s", cx, cy, got, c.attrs["fill"])
		}
		n++
	})
	if n != len(g.Values)-2 { // every ply but the unknown one
		t.Errorf("%d dots", n)
	}
}

// TestGraphSVGEmpty: no values, or only the start's, give a valid document
// without points; a nil labeller titles points by their number.
func TestGraphSVGEmpty(t *testing.T) {
	for _, g := range []EvalGraph{{}, {Values: []float64{1}}} {
		root := parseSVG(t, graphSVG(t, g, GraphLabels{}, 1))
		root.walk(func(n *svgNode) {
			if n.name == "a" {
				t.Errorf("a point in %+v", g)
			}
		})
	}
	root := parseSVG(t, graphSVG(t, EvalGraph{Values: []float64{0, 2}, Movers: []engine.Side{engine.South}}, GraphLabels{}, 0))
	var titles []string
	root.walk(func(n *svgNode) {
		if n.name == "a" {
			titles = append(titles, n.child("title").text)
		}
	})
	if strings.Join(titles, ",") != "1" {
		t.Errorf("titles %q", titles)
	}
}

// checkSVGGolden compares data with testdata/NAME.golden.svg (rewritten
// with -update).
func checkSVGGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.svg")
	if *update {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s differs from %s (go test ./render -run SVG -update rewrites it)", name, path)
	}
}

func abs(v float64) float64 { return max(v, -v) }

func BenchmarkGraphSVG(b *testing.B) {
	g := graphCase()
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := GraphSVG(&buf, g, GraphLabels{Point: englishPoint}, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
