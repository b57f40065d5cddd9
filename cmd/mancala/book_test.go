package main

import (
	"context"
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
		{"book", "oware"},
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
