package search

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

func TestZZDiag(t *testing.T) {
	if os.Getenv("KB_DIAG") == "" {
		t.Skip()
	}
	r, _ := engine.New("kalah", nil)
	g := geomFor(6, false)
	db, _, _ := getKalahDB(context.Background(), g, 22, CacheDir())
	p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{{5, 0, 2, 6, 6, 1}, {5, 0, 6, 6, 0, 6}}, Stores: []int{3, 2}})
	if err != nil {
		t.Fatal(err)
	}
	v := kalahViewOf(&p)
	_, inBook := kalahBookFor(r).entries[v.b]
	for range 2 {
		tt := newKTT(64 << 20)
		t0 := time.Now()
		val, pit, nodes, err := solveBoard(context.Background(), g, db, tt, v.b, 0, 1)
		t.Logf("inbook %v: val %d pit %d fresh solve %d nodes %.2fs %v", inBook, val, pit, nodes, time.Since(t0).Seconds(), err)
	}
	t0 := time.Now()
	d, err := Perfect.ChooseFrom(context.Background(), p, nil, 1)
	t.Logf("perfect %+v %v %.2fs", d, err, time.Since(t0).Seconds())
}
