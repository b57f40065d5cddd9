package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// TestBookCommand builds the perfect level's book for Kalah(6,2) with an
// 8-seed database in a temporary cache: the game then offers perfect, and
// the bot's perfect move at the start is exact with the solved value.
// Wrong command lines exit with 2 and build nothing.
func TestBookCommand(t *testing.T) {
	dir := solveCache(t)
	for _, args := range [][]string{
		{"book"},
		{"book", "oware", "--db-seeds", "21"},
		{"book", "oware", "--db-seeds", "0"},
		{"book", "oware", "--threads", "2"},
		{"book", "oware", "--opt", "cross=true"},
		{"book", "oware", "--opt", "grand_slam=never"},
		{"book", "kalah", "--opt", "pie=true"},
		{"book", "kalah", "kalah"},
		{"book", "kalah", "--db-seeds", "0"},
		{"book", "kalah", "--threads", "x"},
	} {
		if code, out, errOut := mancala(t, "", args...); code != 2 || out != "" || !strings.HasPrefix(errOut, "mancala: ") {
			t.Errorf("mancala %q: exit %d, stdout %q, stderr %q; want 2 and one error line", args, code, out, errOut)
		}
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Fatalf("wrong command lines left files: %v", files)
	}
	if out := mustRun(t, "", "book", "--help"); !strings.Contains(out, "usage: mancala book") {
		t.Errorf("book --help: %q", out)
	}

	r := engine.MustNew("kalah", engine.Options{"seeds": "2"})
	var o searchOpponent
	if slices.Contains(o.Offered(r), "perfect") {
		t.Fatal("Kalah(6,2) offers perfect before its book is built")
	}
	var st struct {
		Boards    int     `json:"boards"`
		Deep      int     `json:"deep"`
		Nodes     uint64  `json:"nodes"`
		Seconds   float64 `json:"seconds"`
		DBSeeds   int     `json:"db_seeds"`
		DBSeconds float64 `json:"db_seconds"`
		Complete  bool    `json:"complete"`
		Path      string  `json:"path"`
	}
	decodeStrict(t, mustRun(t, "", "book", "kalah", "--opt", "seeds=2", "--db-seeds", "8", "--threads", "1", "--memory", "16", "--json", "--quiet"), &st)
	if want := filepath.Join(dir, "kalah-book-p6-s2-ec0.bin"); !st.Complete || st.Boards < 1 || st.DBSeeds != 8 || st.Path != want || st.Nodes == 0 {
		t.Fatalf("book: %+v, want complete, 8 seeds, %s", st, want)
	}
	if _, err := os.Stat(st.Path); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(o.Offered(r), "perfect") {
		t.Errorf("Kalah(6,2) with its book offers %v, want perfect too", o.Offered(r))
	}
	ctx := context.Background()
	want, err := search.Solve(ctx, r.Start(), search.SolveOptions{DBSeeds: 8, MemoryMB: 64})
	if err != nil {
		t.Fatal(err)
	}
	c, err := o.Move(ctx, engine.NewGame(r.Start()), "perfect", 1)
	if err != nil || !c.Exact || c.Value != want.Value {
		t.Errorf("perfect at the start of Kalah(6,2): %+v, %v; want exact %d", c, err, want.Value)
	}
	// The text form.
	out := mustRun(t, "", "book", "kalah", "--opt", "seeds=2", "--db-seeds", "8", "--threads", "1", "--memory", "16", "--quiet")
	if !strings.HasPrefix(out, "kalah: opening book of ") || !strings.Contains(out, "complete") || !strings.Contains(out, st.Path) {
		t.Errorf("book: %q", out)
	}
}

// TestBookOware builds a small Oware endgame database with "book oware"
// in a temporary cache: the file is whole, a second run keeps it, and
// solve then answers from it. (A database of more than 12 seeds would
// become the levels' one: see search's TestCachedOwareSeeds.)
func TestBookOware(t *testing.T) {
	dir := solveCache(t)
	type stats struct {
		Seeds     int     `json:"seeds"`
		GrandSlam string  `json:"grand_slam"`
		Boards    uint64  `json:"boards"`
		Exact     uint64  `json:"exact"`
		Bytes     int64   `json:"bytes"`
		Seconds   float64 `json:"seconds"`
		Cached    bool    `json:"cached"`
		Path      string  `json:"path"`
	}
	var first, second stats
	decodeStrict(t, mustRun(t, "", "book", "oware", "--db-seeds", "6", "--json", "--quiet"), &first)
	// 18,564 boards of at most 6 seeds (C(18,12)), four bytes each, a
	// 28-byte header and a 4-byte checksum.
	want := filepath.Join(dir, "oware-db-s6.bin")
	if first.Seeds != 6 || first.GrandSlam != "capture" || first.Boards != 18564 || first.Bytes != 28+4*18564+4 || first.Cached || first.Path != want ||
		first.Exact == 0 || first.Exact >= first.Boards {
		t.Fatalf("book oware --db-seeds 6: %+v; want 18564 boards, some exact, in %s", first, want)
	}
	decodeStrict(t, mustRun(t, "", "book", "oware", "--db-seeds", "6", "--json", "--quiet"), &second)
	if !second.Cached || second.Boards != first.Boards || second.Exact != first.Exact || second.Seconds != 0 {
		t.Errorf("second book oware: %+v; want the cached database, %+v", second, first)
	}
	out := mustRun(t, "", "book", "oware", "--db-seeds", "6", "--quiet")
	for _, w := range []string{"oware: endgame database of every board with up to 6 seeds, already in the cache\n", "boards: 18564, ", "file: " + want + "\n"} {
		if !strings.Contains(out, w) {
			t.Errorf("book oware: output lacks %q:\n%s", w, out)
		}
	}
	// solve reads it rather than building another.
	var s struct {
		Database int `json:"database_seeds"`
	}
	code, res, _ := mancala(t, owareEndgame([6]int{0, 0, 1, 0, 0, 0}, [6]int{0, 1, 0, 1, 0, 2}, 21, 22), "solve", "--from", "-", "--db-seeds", "6", "--json", "--quiet")
	if err := json.Unmarshal([]byte(res), &s); (code != 0 && code != exitLimit) || err != nil || s.Database != 6 {
		t.Errorf("solve with the 6-seed database: exit %d, %s", code, res)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("cache holds %d files, want the one database", len(files))
	}
	// The no-capture rule's database is a file of its own, the default's
	// kept; its exact boards are not the default's.
	var nc stats
	decodeStrict(t, mustRun(t, "", "book", "oware", "--opt", "grand_slam=nocapture", "--db-seeds", "6", "--json", "--quiet"), &nc)
	wantNC := filepath.Join(dir, "oware-nocapture-db-s6.bin")
	if nc.Seeds != 6 || nc.GrandSlam != "nocapture" || nc.Boards != 18564 || nc.Cached || nc.Path != wantNC || nc.Exact == first.Exact {
		t.Errorf("book oware --opt grand_slam=nocapture: %+v; want a new database in %s, exact boards other than %d", nc, wantNC, first.Exact)
	}
	out = mustRun(t, "", "book", "oware", "--opt", "grand_slam=nocapture", "--db-seeds", "6", "--quiet")
	if w := "oware (grand_slam=nocapture): endgame database of every board with up to 6 seeds, already in the cache\n"; !strings.Contains(out, w) {
		t.Errorf("book oware --opt grand_slam=nocapture: output lacks %q:\n%s", w, out)
	}
	if files, _ := os.ReadDir(dir); len(files) != 2 {
		t.Errorf("cache holds %d files, want the two databases", len(files))
	}
}
