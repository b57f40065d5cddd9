package rulebook

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	stddraw "image/draw"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
)

var (
	update = flag.Bool("update", false, "rewrite the golden images in testdata/")
	outDir = flag.String("out", "", "write every example's diagram and animation into this directory, to look at")
)

// TestExamplesDefault pins the examples of every variant with its default
// options to what its registerExamples says they show.
func TestExamplesDefault(t *testing.T) {
	for _, id := range Variants() {
		ex := Examples(id, nil)
		var got []sectionFeature
		for _, e := range ex {
			got = append(got, sectionFeature{e.Section, e.Shows})
		}
		if want := examplers[id].defaults; !slices.Equal(got, want) {
			t.Errorf("%s: examples\n%s want %v", id, describe(ex), want)
		}
	}
}

// TestHandPicked: on the standard boards, whatever the other options, no
// example is searched for.
func TestHandPicked(t *testing.T) {
	n := searches.Load()
	for _, o := range []engine.Options{nil, {"empty_capture": "true", "pie": "true"}} {
		kalah(engine.MustNew("kalah", o), engine.MustNew("kalah", o).Options())
	}
	for _, gs := range []string{"capture", "nocapture", "forbidden"} {
		r := engine.MustNew("oware", engine.Options{"grand_slam": gs})
		oware(r, r.Options())
	}
	togyz(engine.MustNew("togyz", nil))
	for _, relay := range []string{"true", "false"} {
		r := engine.MustNew("congkak", engine.Options{"relay": relay})
		congkak(r, r.Options())
	}
	for _, cs := range []string{"false", "true"} {
		baoKenya(engine.MustNew("bao-kenya", engine.Options{"capture_sower": cs}))
		for _, inf := range []string{"draw", "loss", "illegal"} {
			baoLaps(engine.MustNew("bao-laps", engine.Options{"capture_sower": cs, "skip_origin": cs, "infinite": inf}))
		}
	}
	if d := searches.Load() - n; d != 0 {
		t.Errorf("%d searches on standard boards", d)
	}
}

// optionSets are the option values whose examples the tests check: every
// value of every option that changes the rules, and some other boards.
var optionSets = []struct {
	id   string
	opts engine.Options
}{
	{"kalah", nil},
	{"kalah", engine.Options{"empty_capture": "true"}},
	{"kalah", engine.Options{"pie": "true"}},
	{"kalah", engine.Options{"empty_capture": "true", "pie": "true"}},
	{"kalah", engine.Options{"seeds": "6"}},
	{"kalah", engine.Options{"seeds": "3", "empty_capture": "true"}},
	{"kalah", engine.Options{"pits": "4", "seeds": "5", "pie": "true"}},
	{"oware", nil},
	{"oware", engine.Options{"grand_slam": "nocapture"}},
	{"oware", engine.Options{"grand_slam": "forbidden"}},
	{"oware", engine.Options{"seeds": "5"}},
	{"oware", engine.Options{"seeds": "3", "grand_slam": "forbidden"}},
	{"togyz", nil},
	{"congkak", nil},
	{"congkak", engine.Options{"relay": "false"}},
	{"tchuka", nil},
	{"tchuka", engine.Options{"pits": "5", "seeds": "3"}},
	{"tchuka", engine.Options{"pits": "3", "seeds": "1"}},
	{"bao-kenya", nil},
	{"bao-kenya", engine.Options{"capture_sower": "true"}},
	{"bao-kenya", engine.Options{"seeds": "2"}},
	{"bao-laps", nil},
	{"bao-laps", engine.Options{"capture_sower": "true", "skip_origin": "true"}},
	{"bao-laps", engine.Options{"infinite": "illegal"}},
	{"bao-laps", engine.Options{"seeds": "3", "infinite": "loss"}},
	{"bao-kujifunza", nil},
	{"bao-kujifunza", engine.Options{"infinite": "illegal", "suicide": "allowed", "wipe": "continue"}},
	{"ruma", nil},
	{"ruma", engine.Options{"players": "2", "seeds": "2"}},
	{"gabata", nil},
	{"gabata", engine.Options{"serial": "false"}},
	{"gabata", engine.Options{"column": "both"}},
	{"selus", nil},
	{"selus", engine.Options{"weak_traps": "true"}},
	{"sulus", nil},
	{"sulus", engine.Options{"rule": "nishtav"}},
	{"sulus", engine.Options{"rule": "lame"}},
	{"kalah", engine.Options{"cross": "true"}},
	{"kalah", engine.Options{"cross": "true", "seeds": "3", "pits": "5"}},
	{"oware", engine.Options{"cross": "true"}},
	{"oware", engine.Options{"repetition": "first"}},
	{"oware", engine.Options{"repetition": "first", "grand_slam": "nocapture"}}, // Abapa
	{"tshuba", nil},
	{"tshuba", engine.Options{"cols": "4"}},
	{"tshuba", engine.Options{"bonus": "0", "take_single_outer": "true"}},
	{"tshuba", engine.Options{"cols": "4", "bonus": "2"}},
}

// TestExamplesHold: every example of every option set is legal, conserves
// seeds, has the variant's real number of seeds, and does what it says,
// checked here on the events directly rather than through Check alone.
func TestExamplesHold(t *testing.T) {
	for _, set := range optionSets {
		ex := Examples(set.id, set.opts)
		name := fmt.Sprintf("%s%v", set.id, set.opts)
		if len(ex) < 2 || len(ex) > 5 {
			t.Errorf("%s: %d examples:\n%s", name, len(ex), describe(ex))
		}
		total := engine.MustNew(set.id, set.opts).Start().Seeds()
		for _, e := range ex {
			if err := e.Check(); err != nil {
				t.Errorf("%s %s: %v", name, e, err)
				continue
			}
			if e.Before.Seeds() != total {
				t.Errorf("%s %s: %d seeds, the game has %d", name, e, e.Before.Seeds(), total)
			}
			if got := e.Before.Rules().Options(); fmt.Sprint(got) != fmt.Sprint(engine.MustNew(set.id, set.opts).Options()) {
				t.Errorf("%s %s: played under options %v", name, e, got)
			}
			after, ev := e.Play()
			if after.Seeds() != total {
				t.Errorf("%s %s: %d seeds after the move", name, e, after.Seeds())
			}
			if msg := independently(e, after, ev); msg != "" {
				t.Errorf("%s %s: %s; events %v", name, e, msg, ev)
			}
		}
		if set.opts["pie"] == "true" && !hasFeature(ex, ShowsSwap) {
			t.Errorf("%s: no swap example", name)
		}
		if set.opts["empty_capture"] == "true" && !hasFeature(ex, ShowsLoneCapture) {
			t.Errorf("%s: no lone-seed capture", name)
		}
		if set.id == "oware" && !hasSection(ex, GrandSlam) {
			t.Errorf("%s: no grand slam example", name)
		}
		if set.id == "congkak" && hasSection(ex, Relay) != (set.opts["relay"] != "false") {
			t.Errorf("%s: relay example present: %v", name, hasSection(ex, Relay))
		}
	}
}

func hasFeature(ex []Example, f Feature) bool {
	return slices.ContainsFunc(ex, func(e Example) bool { return e.Shows == f })
}

func hasSection(ex []Example, s string) bool {
	return slices.ContainsFunc(ex, func(e Example) bool { return e.Section == s })
}

// independently checks the main features from the events, without the
// package's own predicate.
func independently(e Example, after engine.Position, ev []engine.Event) string {
	l := e.Before.Rules().Layout()
	me := e.Before.ToMove()
	kinds := map[engine.EventKind]int{}
	for _, x := range ev {
		kinds[x.Kind]++
	}
	var lastSow engine.Cell = engine.NoCell
	for _, x := range ev {
		if x.Kind == engine.EventSow {
			lastSow = x.Cell
		}
	}
	switch e.Shows {
	case ShowsExtraTurn:
		if lastSow != l.Store(me) || after.ToMove() != me {
			return "the last seed is not in the mover's store"
		}
	case ShowsCapture, ShowsCaptureChain, ShowsLoneCapture:
		gained := after.Store(me) > e.Before.Store(me)
		if l.Store(me) == engine.NoCell { // four-row Bao: the captured seeds are sown on the capturer's side
			gained = after.PitSeeds(me) > e.Before.PitSeeds(me)
		}
		if kinds[engine.EventCapture] == 0 || !gained {
			return "nothing captured"
		}
		if e.Shows == ShowsLoneCapture {
			if after.Store(me) != e.Before.Store(me)+1 || l.Cells[lastSow].Owner != me {
				return "not a lone seed captured"
			}
		}
	case ShowsRelay:
		if kinds[engine.EventRelay] == 0 {
			return "no relay"
		}
	case ShowsFeeding:
		if e.Before.PitSeeds(1-me) != 0 || len(e.Before.Moves()) != 1 || after.PitSeeds(1-me) == 0 {
			return "not the only move, feeding an empty opponent"
		}
	case ShowsTuzdyk:
		if kinds[engine.EventTuzdyk] != 1 || fmt.Sprint(after.Extra()["tuzdyk"]) == fmt.Sprint(e.Before.Extra()["tuzdyk"]) {
			return "no tuzdyk made"
		}
	case ShowsDeposit:
		if kinds[engine.EventDeposit] == 0 {
			return "no deposit"
		}
	case ShowsGrandSlam, ShowsGrandSlamForced:
		if after.PitSeeds(1-me) != 0 || kinds[engine.EventCapture] == 0 {
			return "the opponent's side is not captured"
		}
	case ShowsGrandSlamNoCapture:
		if kinds[engine.EventCapture] != 0 || after.Store(me) != e.Before.Store(me) {
			return "something captured"
		}
	case ShowsSwap:
		if kinds[engine.EventSwap] != 1 {
			return "no swap"
		}
	case ShowsEnd:
		if !after.Status().Over() || kinds[engine.EventSweep] == 0 {
			return "the game goes on"
		}
	case ShowsStranded, ShowsSolved:
		want := map[Feature]engine.Status{ShowsStranded: engine.Failed, ShowsSolved: engine.Solved}[e.Shows]
		if after.Status() != want {
			return "status " + after.Status().String()
		}
	case ShowsLap:
		if kinds[engine.EventSow] < 2*l.Pits {
			return "fewer seeds sown than pits on the board"
		}
	case ShowsSow:
		if len(ev) != 1+kinds[engine.EventSow] {
			return "more than a pickup and sowing"
		}
	}
	return ""
}

// TestCheckRejects: Check catches examples that do not show their feature.
func TestCheckRejects(t *testing.T) {
	ex := Examples("kalah", nil)
	capture := ex[2]
	if capture.Shows != ShowsCapture {
		t.Fatalf("want the capture example, got %s", capture)
	}
	for _, bad := range []Example{
		{Section: Capture, Shows: ShowsExtraTurn, Before: capture.Before, Move: capture.Move},
		{Section: Capture, Shows: ShowsLoneCapture, Before: capture.Before, Move: capture.Move},
		{Section: Capture, Shows: ShowsCapture, Before: capture.Before, Move: engine.Move{Pit: 5}}, // pit 5 is empty
		{Section: Capture, Shows: ShowsCapture, Before: capture.Before, Move: engine.Move{Pit: 1}}, // no capture
		{Section: Capture, Shows: "nonsense", Before: capture.Before, Move: capture.Move},
		{},
	} {
		if bad.Check() == nil {
			t.Errorf("Check accepts %s", bad)
		}
	}
	feeding := Examples("oware", nil)[2]
	if feeding.Shows != ShowsFeeding {
		t.Fatalf("want the feeding example, got %s", feeding)
	}
	if ms := feeding.Before.Moves(); len(ms) != 1 || ms[0] != feeding.Move {
		t.Errorf("feeding: legal moves %v", ms)
	}
	for i := 1; i <= 6; i++ {
		m := engine.Move{Pit: uint8(i)}
		if feeding.Before.Pit(engine.South, i) > 0 && m != feeding.Move {
			if _, err := feeding.Before.Play(m); engine.ReasonOf(err) != engine.MustFeed {
				t.Errorf("feeding: pit %d: %v, want must-feed", i, err)
			}
		}
	}
}

func TestExamplesUnknown(t *testing.T) {
	if ex := Examples("chess", nil); ex != nil {
		t.Errorf("chess: %v", ex)
	}
	if ex := Examples("kalah", engine.Options{"seeds": "99"}); ex != nil {
		t.Errorf("kalah with 99 seeds: %v", ex)
	}
	if ex := Examples("kalah", engine.Options{"colour": "red"}); ex != nil {
		t.Errorf("kalah with an unknown option: %v", ex)
	}
}

// TestExamplesCopy: the cache hands out copies.
func TestExamplesCopy(t *testing.T) {
	a := Examples("togyz", nil)
	a[0].Section = "changed"
	if b := Examples("togyz", nil); b[0].Section == "changed" {
		t.Error("Examples returned the cached slice")
	}
}

// TestImages draws the diagram and the animation of every example with
// the default options: both decode, the diagram has DiagramSize, the GIF
// has AnimationFrames frames, every one with a delay. With -short (CI's
// race run, where drawing is many times slower) the first example of each
// variant only; CI runs it in full without the race detector.
func TestImages(t *testing.T) {
	for k, set := range optionSets {
		if set.opts != nil && *outDir == "" {
			continue
		}
		for i, e := range Examples(set.id, set.opts) {
			if testing.Short() && i > 0 {
				break
			}
			var pngBuf, gifBuf bytes.Buffer
			if err := e.PNG(&pngBuf); err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			cfg, err := png.DecodeConfig(bytes.NewReader(pngBuf.Bytes()))
			if err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			w, h := render.DiagramSize(e.Before.Rules(), render.Options{Scale: DiagramScale})
			if cfg.Width != w || cfg.Height != h {
				t.Errorf("%s: diagram %dx%d, want %dx%d", e, cfg.Width, cfg.Height, w, h)
			}
			if err := e.GIF(&gifBuf); err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			g, err := gif.DecodeAll(bytes.NewReader(gifBuf.Bytes()))
			if err != nil {
				t.Fatalf("%s: %v", e, err)
			}
			_, ev := e.Play()
			if n := render.AnimationFrames(e.Before, ev); len(g.Image) != n {
				t.Errorf("%s: %d frames, want %d", e, len(g.Image), n)
			}
			if slices.Contains(g.Delay, 0) {
				t.Errorf("%s: a frame without delay: %v", e, g.Delay)
			}
			if *outDir != "" {
				base := filepath.Join(*outDir, fmt.Sprintf("%02d_%s_%s_%s", k, e.Before.Rules().Variant().ID, e.Section, e.Shows))
				_ = os.WriteFile(base+".png", pngBuf.Bytes(), 0o644)
				_ = os.WriteFile(base+".gif", gifBuf.Bytes(), 0o644)
			}
		}
	}
}

// goldens are the examples whose diagrams are pinned, at least one per
// variant, one of them an option's: variant, options, feature.
var goldens = []struct {
	id    string
	opts  engine.Options
	shows Feature
}{
	{"kalah", nil, ShowsCapture},
	{"kalah", engine.Options{"empty_capture": "true"}, ShowsLoneCapture},
	{"oware", nil, ShowsCaptureChain},
	{"togyz", nil, ShowsTuzdyk},
	{"congkak", nil, ShowsRelay},
	{"tchuka", nil, ShowsRelay},
}

// TestGolden pins those diagrams: testdata/VARIANT_FEATURE.golden.png.
func TestGolden(t *testing.T) {
	names := map[string]bool{}
	for _, g := range goldens {
		name := fmt.Sprintf("%s_%s", g.id, g.shows)
		names[name] = true
		t.Run(name, func(t *testing.T) {
			i := slices.IndexFunc(Examples(g.id, g.opts), func(e Example) bool { return e.Shows == g.shows })
			if i < 0 {
				t.Fatalf("no %s example", g.shows)
			}
			var buf bytes.Buffer
			if err := Examples(g.id, g.opts)[i].PNG(&buf); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, name, buf.Bytes())
		})
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "*.golden.png"))
	if len(files) != len(names) && !*update {
		t.Errorf("%d golden images for %d cases", len(files), len(names))
	}
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil && fi.Size() > 60<<10 {
			t.Errorf("%s is %d bytes, over 60 KB", f, fi.Size())
		}
	}
}

// Golden images are compared pixel by pixel with a small tolerance, as in
// the render package.
const (
	channelTolerance = 2
	pixelTolerance   = 0.001
)

func checkGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.png")
	got, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		var small bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&small, got); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, small.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test ./rulebook -run TestGolden -update to create it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds().Size() != want.Bounds().Size() {
		t.Fatalf("%s: %v, golden %v", name, got.Bounds().Size(), want.Bounds().Size())
	}
	g, w := toRGBA(got), toRGBA(want)
	diff := image.NewRGBA(w.Rect)
	n := 0
	for i := 0; i < len(w.Pix); i += 4 {
		if far(g.Pix[i:i+4], w.Pix[i:i+4]) {
			n++
			copy(diff.Pix[i:i+4], []byte{0xff, 0, 0, 0xff})
		} else {
			copy(diff.Pix[i:i+4], []byte{w.Pix[i] / 4, w.Pix[i+1] / 4, w.Pix[i+2] / 4, 0xff})
		}
	}
	if float64(n) <= pixelTolerance*float64(w.Rect.Dx()*w.Rect.Dy()) {
		return
	}
	dir := t.ArtifactDir()
	for file, img := range map[string]image.Image{name + ".actual.png": got, name + ".diff.png": diff} {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err == nil {
			_ = os.WriteFile(filepath.Join(dir, file), b.Bytes(), 0o644)
		}
	}
	t.Errorf("%s differs from %s in %d pixels; actual and diff written to %s (-update rewrites the golden)", name, path, n, dir)
}

func far(a, b []byte) bool {
	for i := range a {
		if d := int(a[i]) - int(b[i]); d > channelTolerance || d < -channelTolerance {
			return true
		}
	}
	return false
}

func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	stddraw.Draw(out, out.Rect, img, b.Min, stddraw.Src)
	return out
}

// TestConcurrent asks for examples from many goroutines at once; run it
// with -race.
func TestConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			set := optionSets[g%len(optionSets)]
			for _, e := range Examples(set.id, set.opts) {
				if err := e.Check(); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkExamples measures finding examples by search (a board without
// hand-picked positions), the cache bypassed.
func BenchmarkExamples(b *testing.B) {
	for _, set := range []struct {
		id   string
		opts engine.Options
	}{{"kalah", engine.Options{"seeds": "6"}}, {"oware", engine.Options{"seeds": "3"}}, {"tchuka", nil}} {
		r := engine.MustNew(set.id, set.opts)
		b.Run(fmt.Sprintf("%s%v", set.id, set.opts), func(b *testing.B) {
			for b.Loop() {
				switch set.id {
				case "kalah":
					_ = kalah(r, r.Options())
				case "oware":
					_ = oware(r, r.Options())
				default:
					_ = tchuka(r)
				}
			}
		})
	}
}

// describe lists examples one a line, for test failures.
func describe(ex []Example) string {
	var b strings.Builder
	for _, e := range ex {
		fmt.Fprintf(&b, "%s/%s: %s\n", e.Section, e.Shows, e.Move)
	}
	return b.String()
}

// TestSheet draws each variant's examples as one sheet (and Kalah's five
// with the pie rule): the PNG has the size render.DiagramSheetSize gives
// for the examples' moves, and stays within Telegram's photo limits
// (width + height at most 10000, a side at most 20 times the other) and
// under 1 MB. A sheet of no examples, or with an illegal move, fails.
func TestSheet(t *testing.T) {
	sets := []struct {
		id   string
		opts engine.Options
	}{{"kalah", engine.Options{"pie": "true"}}}
	for _, v := range engine.Variants() {
		sets = append(sets, struct {
			id   string
			opts engine.Options
		}{v.ID, nil})
	}
	for i, set := range sets {
		if testing.Short() && i%5 != 0 {
			continue // every fifth sheet with -short (CI's race run); all without
		}
		ex := Examples(set.id, set.opts)
		if len(ex) == 0 {
			continue
		}
		var buf bytes.Buffer
		if err := SheetPNG(&buf, ex); err != nil {
			t.Fatalf("%s %v: %v", set.id, set.opts, err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		panels := make([]render.Panel, len(ex))
		for i, e := range ex {
			after, ev := e.Play()
			panels[i] = render.Panel{Before: e.Before, Events: ev, After: after}
		}
		w, h := render.DiagramSheetSize(panels, render.Options{Scale: DiagramScale})
		if cfg.Width != w || cfg.Height != h {
			t.Errorf("%s %v: %dx%d, want %dx%d", set.id, set.opts, cfg.Width, cfg.Height, w, h)
		}
		if w+h > 10000 || max(w, h) > 20*min(w, h) || buf.Len() > 1<<20 {
			t.Errorf("%s %v: %dx%d, %d bytes: over a chat photo's limits", set.id, set.opts, w, h, buf.Len())
		}
		t.Logf("%s %v: %d examples, %dx%d, %d KB", set.id, set.opts, len(ex), w, h, buf.Len()>>10)
		if *outDir != "" {
			_ = os.WriteFile(filepath.Join(*outDir, "sheet_"+set.id+".png"), buf.Bytes(), 0o644)
		}
	}
	var buf bytes.Buffer
	if err := SheetPNG(&buf, nil); err == nil {
		t.Error("no examples: no error")
	}
	bad := Examples("kalah", nil)[:1]
	bad[0].Move = engine.Move{Pit: 99}
	if err := SheetPNG(&buf, bad); err == nil {
		t.Error("an illegal move: no error")
	}
	if err := SheetPNG(&buf, []Example{{}}); err == nil {
		t.Error("an empty example: no error")
	}
}

// TestMoveLabels: every example's move has a name by its diagram's arrow
// and in its caption: its notation, or for a move on an opponent's pit
// (Tshuba's bonus capture 17, the pit 1 of North's) that pit with an
// arrow toward its row as the buttons show it, "↑1"; and a move without
// a notation of its own lifts seeds or takes a pit the diagram can name.
func TestMoveLabels(t *testing.T) {
	var bonus bool
	for _, v := range engine.Variants() {
		for i, e := range Examples(v.ID, nil) {
			label := MoveLabel(e.Before, e.Move)
			if label == "" {
				t.Errorf("%s example %d: no label", v.ID, i+1)
			}
			if label == e.Move.String() {
				continue
			}
			_, ev := e.Play()
			named := false
			for _, x := range ev {
				named = named || x.Kind == engine.EventPickup || x.Kind == engine.EventCapture || x.Kind == engine.EventFill || x.Kind == engine.EventSow
			}
			if !named {
				t.Errorf("%s example %d (%s, %s): the diagram has nothing to name", v.ID, i+1, e.Move, label)
			}
			if v.ID == "tshuba" && e.Move.String() == "17" {
				bonus = label == "↑1"
			}
		}
	}
	if !bonus {
		t.Error("Tshuba's bonus capture 17 is not labelled ↑1")
	}
}
