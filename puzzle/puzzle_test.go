package puzzle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

func day(s string) time.Time {
	d, err := time.Parse(dayFormat, s)
	if err != nil {
		panic(err)
	}
	return d
}

func mustForDate(t *testing.T, d time.Time) Puzzle {
	t.Helper()
	p, err := ForDate(d)
	if err != nil {
		t.Fatalf("ForDate(%s): %v", d.Format(dayFormat), err)
	}
	return p
}

// wantWeek is the rotation, written out independently of schedule.
var wantWeek = map[time.Weekday][2]string{
	time.Monday:    {Solitaire, "tchuka"},
	time.Tuesday:   {BestMove, "kalah"},
	time.Wednesday: {BestMove, "oware"},
	time.Thursday:  {BestMove, "togyz"},
	time.Friday:    {BestMove, "congkak"},
	time.Saturday:  {Solitaire, "tchuka"},
	time.Sunday:    {BestMove, "kalah"},
}

// checkShape checks what every puzzle must have, whatever it is.
func checkShape(p Puzzle, d time.Time) error {
	date := d.Format(dayFormat)
	w := wantWeek[d.Weekday()]
	switch {
	case p.Date != date:
		return fmt.Errorf("date %q", p.Date)
	case p.Kind != w[0] || p.Variant != w[1]:
		return fmt.Errorf("%s: %s %s, want %s %s", d.Weekday(), p.Kind, p.Variant, w[0], w[1])
	case !strings.HasPrefix(p.ID, date+"-"+p.Variant+"-") || len(p.ID) != len(date+"-"+p.Variant+"-")+4:
		return fmt.Errorf("id %q", p.ID)
	case p.Difficulty < 1 || p.Difficulty > 5:
		return fmt.Errorf("difficulty %d", p.Difficulty)
	case p.Goal == "" || p.Goal == p.GoalKey:
		return fmt.Errorf("goal %q for key %s", p.Goal, p.GoalKey)
	case p.Position.Status() != engine.Ongoing:
		return fmt.Errorf("position is %s", p.Position.Status())
	case len(p.Answer) == 0:
		return errors.New("no answer")
	}
	if !maps.Equal(p.Options, p.Position.Rules().Options()) {
		return fmt.Errorf("options %v, the position's %v", p.Options, p.Position.Rules().Options())
	}
	// The JSON's position reads back as the same position.
	b, err := p.JSON(true)
	if err != nil {
		return err
	}
	var j struct {
		Position json.RawMessage `json:"position"`
		Answer   []string        `json:"answer"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	q, err := engine.ParsePosition(j.Position)
	if err != nil {
		return fmt.Errorf("position JSON: %v", err)
	}
	if q != p.Position {
		return fmt.Errorf("position JSON reads back as\n%v, not\n%v", q, p.Position)
	}
	if !slices.Equal(j.Answer, p.Answer) {
		return fmt.Errorf("JSON answer %v", j.Answer)
	}
	return nil
}

// TestNextYear generates the puzzle of every day of the next 365 (from
// today, or from $PUZZLE_START=YYYY-MM-DD; $PUZZLE_DAYS=N for more) and
// verifies each one independently of the generator: solitaires with
// SolveSolitaire and a replay, exact best moves by solving every move
// again, forced wins by a search through engine.Game. No two days may
// share a position or an id. With -short or -race it takes every 13th day
// only.
func TestNextYear(t *testing.T) {
	start := time.Now().UTC().Truncate(24 * time.Hour)
	if s := os.Getenv("PUZZLE_START"); s != "" {
		start = day(s)
	}
	days, step := 365, 1
	if s := os.Getenv("PUZZLE_DAYS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("PUZZLE_DAYS=%q: want a number of days", s)
		}
		days = n
	}
	if testing.Short() || raceEnabled {
		step = 13
	}
	var dates []time.Time
	for i := 0; i < days; i += step {
		dates = append(dates, start.AddDate(0, 0, i))
	}
	t.Logf("%d days from %s", len(dates), start.Format(dayFormat))
	puzzles := make([]Puzzle, len(dates))
	gen := make([]time.Duration, len(dates))
	var wg sync.WaitGroup
	var mu sync.Mutex
	fail := func(i int, format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		t.Errorf("%s (%s): %s", dates[i].Format(dayFormat), dates[i].Weekday(), fmt.Sprintf(format, a...))
	}
	const workers = 2
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(dates); i += workers {
				t0 := time.Now()
				p, err := ForDate(dates[i])
				gen[i] = time.Since(t0)
				if err != nil {
					fail(i, "%v", err)
					continue
				}
				puzzles[i] = p
				if err := checkShape(p, dates[i]); err != nil {
					fail(i, "%v", err)
				}
				if err := verify(p); err != nil {
					fail(i, "%s %s %v: %v\n%v", p.ID, p.GoalKey, p.Answer, err, p.Position)
				}
			}
		})
	}
	wg.Wait()

	seen := map[string]string{}
	ids := map[string]bool{}
	var total, worst time.Duration
	diff := map[string][6]int{}
	for i, p := range puzzles {
		if p.Position.Rules() == nil {
			continue
		}
		b, _ := p.Position.MarshalJSON()
		if d, dup := seen[string(b)]; dup {
			t.Errorf("%s has the position of %s:\n%v", p.Date, d, p.Position)
		}
		seen[string(b)] = p.Date
		if ids[p.ID] {
			t.Errorf("id %s twice", p.ID)
		}
		ids[p.ID] = true
		total += gen[i]
		worst = max(worst, gen[i])
		dd := diff[p.Variant+" "+p.Kind]
		dd[p.Difficulty]++
		diff[p.Variant+" "+p.Kind] = dd
	}
	t.Logf("generation: %v a day on average, %v at worst (%d workers)", total/time.Duration(len(dates)), worst, workers)
	for k, d := range diff {
		t.Logf("difficulties of %s: %v", k, d[1:])
	}
	if n := tooLarge.Load(); n != 0 {
		t.Errorf("the solver's node budget was reached %d times: generation may depend on the solver's tables", n)
	}
}

func TestDeterministic(t *testing.T) {
	for _, d := range []string{"2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07", "2026-03-08"} {
		a := mustForDate(t, day(d))
		// Made again, not from the cache.
		b, err := generate(day(d))
		if err != nil {
			t.Fatal(err)
		}
		ja, _ := a.JSON(true)
		jb, _ := b.JSON(true)
		if !bytes.Equal(ja, jb) || a.GoalKey != b.GoalKey || a.Position != b.Position || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: generated twice, differs:\n%s\n%s", d, ja, jb)
		}
		// The same day at another hour, in another time zone.
		tz := time.FixedZone("UTC+5", 5*3600)
		late := day(d).Add(23*time.Hour + 59*time.Minute).In(tz)
		b = mustForDate(t, late)
		jb, _ = b.JSON(true)
		if !bytes.Equal(ja, jb) || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two calls differ:\n%s\n%s", d, ja, jb)
		}
	}
	// What a caller does to its copy does not reach the next caller.
	a := mustForDate(t, day("2026-03-02"))
	a.Answer[0], a.Options["pits"], a.GoalArgs["seeds"] = "99", "99", 99
	if b := mustForDate(t, day("2026-03-02")); b.Answer[0] == "99" || b.Options["pits"] == "99" || b.GoalArgs["seeds"] == 99 {
		t.Error("the cache hands out shared maps or slices")
	}
	// The local date of a time zone ahead of UTC is not what counts.
	tz := time.FixedZone("UTC+10", 10*3600)
	p := mustForDate(t, time.Date(2026, 3, 3, 2, 0, 0, 0, tz)) // 2026-03-02 16:00 UTC
	if p.Date != "2026-03-02" {
		t.Errorf("date %s, want the UTC day 2026-03-02", p.Date)
	}
}

// TestGolden pins a week of puzzles: a change to the generator, the
// engine's rules or the solver's values that changes them shows here
// (players would see a day's puzzle change under their feet).
func TestGolden(t *testing.T) {
	for _, g := range goldenWeek {
		p := mustForDate(t, day(g.date))
		if got := p.ID + " " + strings.Join(p.Answer, " "); got != g.want {
			t.Errorf("%s: %q, want %q", g.date, got, g.want)
		}
	}
}

var goldenWeek = []struct{ date, want string }{
	{"2026-11-16", "2026-11-16-tchuka-a008 3 3 4 4 5 2 5 4 5"},
	{"2026-11-17", "2026-11-17-kalah-25cb 3"},
	{"2026-11-18", "2026-11-18-oware-d16c 1"},
	{"2026-11-19", "2026-11-19-togyz-06d5 3"},
	{"2026-11-20", "2026-11-20-congkak-83c2 2"}, // was -ca1b before Congkak gained the pie option (its position JSON lists it)
	{"2026-11-21", "2026-11-21-tchuka-87eb 1 3 7 1 1 2 6 2 1 6 7 7 7 4 7 2 7 4 7 6 7"},
	{"2026-11-22", "2026-11-22-kalah-dcbe 6 5"},
}

func TestJSON(t *testing.T) {
	p := mustForDate(t, day("2026-11-22"))
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	keys := func(b []byte) []string {
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.Token()
		var out []string
		for dec.More() {
			k, _ := dec.Token()
			out = append(out, k.(string))
			var skip json.RawMessage
			dec.Decode(&skip)
		}
		return out
	}
	want := []string{"date", "id", "kind", "variant", "options", "position", "goal", "difficulty"}
	if got := keys(b); !slices.Equal(got, want) {
		t.Errorf("keys %v, want %v", got, want)
	}
	r, err := p.JSON(true)
	if err != nil {
		t.Fatal(err)
	}
	if got := keys(r); !slices.Equal(got, append(want, "answer")) {
		t.Errorf("revealed keys %v", got)
	}
	var j struct {
		Date       string         `json:"date"`
		Kind       string         `json:"kind"`
		Options    map[string]any `json:"options"`
		Difficulty int            `json:"difficulty"`
		Answer     []string       `json:"answer"`
	}
	if err := json.Unmarshal(r, &j); err != nil {
		t.Fatal(err)
	}
	if j.Date != "2026-11-22" || j.Kind != p.Kind || j.Difficulty != p.Difficulty || !slices.Equal(j.Answer, p.Answer) {
		t.Errorf("JSON %s", r)
	}
	if _, ok := j.Options["pits"].(float64); !ok {
		t.Errorf("options are not typed: %s", r)
	}
}

func TestLatest(t *testing.T) {
	sat := day("2026-11-28") // a Saturday
	for kind, want := range map[string]string{
		"solitaire": "2026-11-28", "tchuka": "2026-11-28", "best-move": "2026-11-27",
		"congkak": "2026-11-27", "kalah": "2026-11-24", "oware": "2026-11-25", "togyz": "2026-11-26",
	} {
		p, err := Latest(sat, kind)
		if err != nil || p.Date != want {
			t.Errorf("Latest(%s): %s, %v; want %s", kind, p.Date, err, want)
		}
	}
	if _, err := Latest(sat, "bao"); err == nil || !strings.Contains(err.Error(), "solitaire, best-move, tchuka, kalah") {
		t.Errorf("Latest(bao): %v", err)
	}
}

func TestLayoutSpaces(t *testing.T) {
	// layout numbers every row of the space once.
	seen := map[string]bool{}
	for i := range easySpace.size() {
		pits := easySpace.layout(i)
		k := fmt.Sprint(pits)
		if seen[k] {
			t.Fatalf("layout %d: %v twice", i, pits)
		}
		seen[k] = true
		sum := 0
		for _, n := range pits {
			sum += n
		}
		if len(pits) < 4 || len(pits) > 6 || sum > 16 {
			t.Fatalf("layout %d: %v outside the space", i, pits)
		}
	}
	if easySpace.weeks() < 900 || hardSpace.weeks()/2 < 30000 {
		t.Errorf("weeks: easy %d, hard %d", easySpace.weeks(), hardSpace.weeks())
	}
	// permute is a bijection, for sizes on and off powers of two.
	for _, n := range []uint64{1, 2, 3, 1000, 1024, 4099} {
		hit := make([]bool, n)
		for x := range n {
			y := permute(x, n, 42)
			if y >= n || hit[y] {
				t.Fatalf("permute(%d, %d) = %d: out of range or twice", x, n, y)
			}
			hit[y] = true
		}
	}
	// Weeks count from a Monday, before and after it.
	for d, w := range map[string]int64{"2000-01-03": 0, "2000-01-09": 0, "2000-01-10": 1, "2000-01-02": -1, "1999-12-27": -1, "1999-12-26": -2} {
		if got := weekIndex(day(d)); got != w {
			t.Errorf("weekIndex(%s) = %d, want %d", d, got, w)
		}
	}
}

func TestDatesFarAway(t *testing.T) {
	for _, d := range []string{"1970-01-05", "2199-12-28", "0001-01-01"} {
		p := mustForDate(t, day(d))
		if err := checkShape(p, day(d)); err != nil {
			t.Errorf("%s: %v", d, err)
		}
		if err := p.Check(p.Moves()); err != nil {
			t.Errorf("%s: %v", d, err)
		}
	}
	if _, err := ForDate(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)); err == nil {
		t.Error("year 10000: no error")
	}
}

// TestOwareDBPuzzles: from 2026-12-02 on, every other Wednesday's puzzle
// is an Oware endgame of 6 to 8 seeds proven by the endgame database (the
// other Wednesdays keep forced wins, and earlier dates are unchanged).
func TestOwareDBPuzzles(t *testing.T) {
	for _, c := range []struct {
		date string
		db   bool
	}{
		{"2026-11-25", false}, {"2026-12-02", true}, {"2026-12-09", false}, {"2026-12-16", true}, {"2026-12-30", true},
	} {
		p := mustForDate(t, day(c.date))
		seeds := pitSeeds(p.Position)
		if !c.db {
			if p.GoalKey != GoalForcedWin {
				t.Errorf("%s: goal %s, want a forced win", c.date, p.GoalKey)
			}
			continue
		}
		if p.Variant != "oware" || p.GoalKey != GoalWin || seeds < 6 || seeds > 8 {
			t.Fatalf("%s: %s %s with %d seeds in the pits, want an Oware endgame of 6 to 8", c.date, p.Variant, p.GoalKey, seeds)
		}
		if err := verify(p); err != nil {
			t.Errorf("%s %s %v: %v\n%v", p.ID, p.GoalKey, p.Answer, err, p.Position)
		}
		t.Logf("%s: %s, %d seeds, answer %v, difficulty %d: %s", p.ID, p.GoalKey, seeds, p.Answer, p.Difficulty, p.Goal)
	}
	// 2026-12-02: South to move with 0 2 0 1 1 0 against North's
	// 0 1 0 1 0 0 (pits 1 to 6), stores 20 and 22; 6 seeds in the pits.
	// Only South's 5 wins (verify proves it, and that North wins after 2
	// and after 4, through the engine).
	p := mustForDate(t, day("2026-12-02"))
	want, err := engine.NewPosition(p.Position.Rules(), engine.Setup{ToMove: engine.South,
		Pits: [][]int{{0, 2, 0, 1, 1, 0}, {0, 1, 0, 1, 0, 0}}, Stores: []int{20, 22}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Position.Key() != want.Key() || p.GoalKey != GoalWin || strings.Join(p.Answer, " ") != "5" {
		t.Errorf("2026-12-02: %s %v\n%v", p.GoalKey, p.Answer, p.Position)
	}
	t.Logf("proofs through the engine: %d, %d positions", owareProofs.proven.Load(), owareProofs.nodes.Load())
}
