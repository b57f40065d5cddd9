package graph_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/review"
	"github.com/mancala-bot/mancala/review/graph"
)

// handReview is the hand-checked review (review/review_test.go's
// handGame) as stored: South's pit 1 (ply 1) lost 4 seeds, from +2 to -2,
// and North's forced reply kept -2.
func handReview(t *testing.T) *review.Review {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "handgame.review.json"))
	if err != nil {
		t.Fatal(err)
	}
	rv, err := review.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return rv
}

func TestOf(t *testing.T) {
	got := graph.Of(handReview(t))
	want := render.EvalGraph{Values: []float64{2, -2, -2}, Known: []bool{true, true, true},
		Movers: []engine.Side{engine.South, engine.North}, Turning: []int{0}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Of = %+v, want %+v", got, want)
	}
}

// TestLabels: the words of the hand-checked review's graph in the four
// languages: the summary with its turning point, each point's title (the
// side ahead, the turning point named), a tenth of a seed with the
// language's decimal separator, an even value, a value not known.
func TestLabels(t *testing.T) {
	rv := handReview(t)
	nb := "\u00a0"
	for _, tc := range []struct {
		lang                    locales.Lang
		title, summaryEnd       string
		ply1, ply2, tenth, even string
		unknown                 string
	}{
		{locales.EN, "Evaluation graph", "Each point links to its move. Turning point: move 1.",
			"Move 1: +2 for North, a turning point", "Move 2: +2 for North", "Move 7: +3.5 for South", "Move 7: even",
			"Move 7: not evaluated (the time ran out)"},
		{locales.RU, "График оценки", "Каждая точка ведёт к" + nb + "своему ходу. Переломный момент: ход 1.",
			"Ход 1: +2 в" + nb + "пользу севера, переломный момент", "Ход 2: +2 в" + nb + "пользу севера", "Ход 7: +3,5 в" + nb + "пользу юга", "Ход 7: равенство",
			"Ход 7: оценки нет (не хватило времени)"},
		{locales.DA, "Vurderingsgraf", "Hvert punkt linker til sit træk. Vendepunkt: træk 1.",
			"Træk 1: +2 til Nord, et vendepunkt", "Træk 2: +2 til Nord", "Træk 7: +3,5 til Syd", "Træk 7: lige",
			"Træk 7: ikke vurderet (tiden slap op)"},
		{locales.PL, "Wykres oceny", "Każdy punkt prowadzi do swojego ruchu. Punkt zwrotny: ruch 1.",
			"Ruch 1: +2 dla północy, punkt zwrotny", "Ruch 2: +2 dla północy", "Ruch 7: +3,5 dla południa", "Ruch 7: równowaga",
			"Ruch 7: brak oceny (zabrakło czasu)"},
	} {
		t.Run(string(tc.lang), func(t *testing.T) {
			lb := graph.Labels(tc.lang, rv)
			if lb.Title != tc.title || !strings.HasSuffix(lb.Summary, tc.summaryEnd) {
				t.Errorf("title %q, summary %q", lb.Title, lb.Summary)
			}
			for _, c := range []struct {
				p    render.GraphPoint
				want string
			}{
				{render.GraphPoint{Ply: 1, Value: -2, Known: true, Turning: true}, tc.ply1},
				{render.GraphPoint{Ply: 2, Value: -2, Known: true}, tc.ply2},
				{render.GraphPoint{Ply: 7, Value: 3.46, Known: true}, tc.tenth},
				{render.GraphPoint{Ply: 7, Value: -0.04, Known: true}, tc.even},
				{render.GraphPoint{Ply: 7, Value: 5}, tc.unknown},
			} {
				if got := lb.Point(c.p); got != c.want {
					t.Errorf("point %+v: %q, want %q", c.p, got, c.want)
				}
			}
		})
	}
}

// TestSummaryTurning: several turning points are listed in the order
// played; a complete review without one says so; an incomplete one says
// nothing of them (some moves were not judged).
func TestSummaryTurning(t *testing.T) {
	rv := &review.Review{Plies: make([]review.Ply, 30), Evals: make([]review.Eval, 31), Complete: true,
		Turning: []review.TurningPoint{{Index: 20}, {Index: 3}, {Index: 11}}}
	if s := graph.Labels(locales.EN, rv).Summary; !strings.HasSuffix(s, "(30 moves) from South’s side, in seeds, as the bot’s search found it: above the middle line South is ahead, below it North. Each point links to its move. Turning points: moves 4, 12, 21.") {
		t.Errorf("summary %q", s)
	}
	rv.Turning = nil
	if s := graph.Labels(locales.RU, rv).Summary; !strings.HasSuffix(s, "(30 ходов) со стороны юга, в\u00a0камнях, по поиску бота: выше средней линии впереди юг, ниже\u00a0— север. Каждая точка ведёт к\u00a0своему ходу. Переломных моментов нет.") {
		t.Errorf("summary %q", s)
	}
	rv.Complete = false
	if s := graph.Labels(locales.EN, rv).Summary; !strings.HasSuffix(s, "links to its move.") {
		t.Errorf("incomplete review's summary %q", s)
	}
}

// TestSVG: the hand-checked review's SVG in Danish: two points, titled in
// Danish, the current one marked, its summary escaped and read back.
func TestSVG(t *testing.T) {
	var buf bytes.Buffer
	if err := graph.SVG(&buf, handReview(t), locales.DA, 2); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&buf)
	var titles, current []string
	var desc string
	var inDesc, inTitle bool
	var ply string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			inDesc = tk.Name.Local == "desc"
			inTitle = tk.Name.Local == "title" && ply != ""
			if tk.Name.Local == "a" {
				for _, a := range tk.Attr {
					switch a.Name.Local {
					case "data-graph-ply":
						ply = a.Value
					case "aria-current":
						current = append(current, ply)
					}
				}
			}
		case xml.CharData:
			if inDesc {
				desc += string(tk)
			}
			if inTitle {
				titles = append(titles, string(tk))
			}
		case xml.EndElement:
			inDesc, inTitle = false, false
		}
	}
	if want := []string{"Træk 1: +2 til Nord, et vendepunkt", "Træk 2: +2 til Nord"}; !reflect.DeepEqual(titles, want) {
		t.Errorf("titles %q, want %q", titles, want)
	}
	if !reflect.DeepEqual(current, []string{"2"}) {
		t.Errorf("current %q", current)
	}
	if !strings.HasPrefix(desc, "Vurderingen efter hvert træk (2 træk) set fra Syds side") {
		t.Errorf("desc %q", desc)
	}
}
