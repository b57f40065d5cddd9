package oware

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search/internal/kalah"
)

// retroBoard is an Oware board seen from the side to move: its six pits
// (1..6), then the opponent's.
type retroBoard [12]uint8

// retroNode is a board of the naive retrograde analysis with its moves,
// worked out by the engine: each move's capture and the child board (or,
// for a move that ends the game, its final value).
type retroNode struct {
	b      retroBoard
	seeds  int
	gains  []int
	kids   []int // index of the child board; -1: the move ends the game
	finals []int // the final value of a move that ends the game
}

// retroEngine builds the engine position of board b, South to move, with
// stores of 0 (South) and the seeds on the board (North): no single move
// can then reach a majority (a store would need more than all the seeds
// on the board), so the engine's play is the database's, move by move.
// ok is false when the engine says the game is over.
func retroEngine(r engine.Rules, b retroBoard) (engine.Position, bool) {
	var s, n [6]int
	k := 0
	for j := range 6 {
		s[j], n[j] = int(b[j]), int(b[6+j])
		k += s[j] + n[j]
	}
	p, err := engine.NewPosition(r, engine.Setup{ToMove: engine.South, Pits: [][]int{s[:], n[:]}, Stores: []int{0, k}})
	return p, err == nil && p.Status() == engine.Ongoing
}

// retroBounds is an independent check of the database: every board of up
// to K seeds is set up as an engine position (retroEngine), its moves are
// generated and played by the engine (engine.Position.Play: sowing, the
// skipped pit, captures, feeding, the grand slam, the end when a player
// cannot move), and the bounds are iterated over all boards at once, from
// the widest, until nothing changes: lo = max over moves of (capture - hi
// of the child), hi = max of (capture - lo of the child), a move that ends
// the game worth what the engine's stores say. Nothing of the database's
// code is used but the meaning of its bounds.
func retroBounds(t testing.TB, r engine.Rules, K int) (nodes []retroNode, lo, hi []int, sweeps int) {
	index := map[retroBoard]int{}
	var b retroBoard
	var add func(pit, left int)
	add = func(pit, left int) {
		if pit == 12 {
			if _, ok := retroEngine(r, b); ok {
				index[b] = len(nodes)
				nodes = append(nodes, retroNode{b: b, seeds: K - left})
			}
			return
		}
		for v := 0; v <= left; v++ {
			b[pit] = uint8(v)
			add(pit+1, left-v)
		}
		b[pit] = 0
	}
	add(0, K)
	for i := range nodes {
		nd := &nodes[i]
		p, _ := retroEngine(r, nd.b)
		for _, m := range p.Moves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			gain := q.Store(engine.South)
			if q.Status() != engine.Ongoing {
				// The end: the engine's stores, North's counted from its
				// k at the start.
				nd.gains = append(nd.gains, 0)
				nd.kids = append(nd.kids, -1)
				nd.finals = append(nd.finals, q.Store(engine.South)-(q.Store(engine.North)-nd.seeds))
				continue
			}
			var c retroBoard
			for j := range 6 {
				c[j] = uint8(q.Pit(engine.North, j+1))
				c[6+j] = uint8(q.Pit(engine.South, j+1))
			}
			ci, ok := index[c]
			if !ok {
				t.Fatalf("%v pit %d: child %v is not a board of the enumeration", nd.b, m.Pit, c)
			}
			nd.gains = append(nd.gains, gain)
			nd.kids = append(nd.kids, ci)
			nd.finals = append(nd.finals, 0)
		}
	}
	lo, hi = make([]int, len(nodes)), make([]int, len(nodes))
	for i, nd := range nodes {
		lo[i], hi[i] = -nd.seeds, nd.seeds
	}
	for changed := true; changed; sweeps++ {
		changed = false
		for i, nd := range nodes {
			nlo, nhi := -1<<20, -1<<20
			for j, ci := range nd.kids {
				if ci < 0 {
					nlo, nhi = max(nlo, nd.finals[j]), max(nhi, nd.finals[j])
					continue
				}
				nlo = max(nlo, nd.gains[j]-hi[ci])
				nhi = max(nhi, nd.gains[j]-lo[ci])
			}
			if nlo > lo[i] {
				lo[i], changed = nlo, true
			}
			if nhi < hi[i] {
				hi[i], changed = nhi, true
			}
		}
	}
	return nodes, lo, hi, sweeps
}

// TestOwareDBRetrograde compares the database of each grand-slam rule,
// board by board, with the naive retrograde analysis over the engine's
// own moves under that rule (retroBounds), for every board of up to 6
// seeds (4 with -short; OWARE_RETRO_SEEDS sets another count): both
// bounds of every board must be the same. The brute-force minimax
// (search's TestOwareDBBruteForce) checks the bounds' meaning through
// Game, repetition rule included, where it finishes.
func TestOwareDBRetrograde(t *testing.T) {
	K := 6
	if testing.Short() {
		K = 4
	}
	if s := os.Getenv("OWARE_RETRO_SEEDS"); s != "" {
		K, _ = strconv.Atoi(s)
	}
	for _, slam := range Slams {
		t.Run(slam.String(), func(t *testing.T) { testRetrograde(t, slam, K) })
	}
}

func testRetrograde(t *testing.T, slam Slam, K int) {
	r := engine.MustNew("oware", engine.Options{"grand_slam": slam.String()})
	if s, ok := Params(r); !ok || s != slam {
		t.Fatalf("Params(%v) = %v, %v", r.Options(), s, ok)
	}
	t0 := time.Now()
	nodes, lo, hi, sweeps := retroBounds(t, r, K)
	took := time.Since(t0)
	db := NewDB(slam, K)
	if err := db.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	// The default rule's database, to show that the rules differ on
	// these boards (else this test could not tell them apart).
	def := NewDB(Capture, K)
	if err := def.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	exact, differ := 0, 0
	for i, nd := range nodes {
		var kb kalah.Board
		for j := range 6 {
			kb.My |= uint64(nd.b[j]) << (8 * j)
			kb.Opp |= uint64(nd.b[6+j]) << (8 * j)
		}
		dlo, dhi := db.Bounds(kb)
		if dlo != lo[i] || dhi != hi[i] {
			t.Fatalf("%v: database [%d, %d], retrograde over the engine [%d, %d]", nd.b, dlo, dhi, lo[i], hi[i])
		}
		if lo[i] == hi[i] {
			exact++
		}
		if l, h := def.Bounds(kb); l != dlo || h != dhi {
			differ++
		}
	}
	t.Logf("%d boards of up to %d seeds with moves, every one the same: %d exact, %d with bounds only (%d sweeps, %v); %d differ from the default rule's",
		len(nodes), K, exact, len(nodes)-exact, sweeps, took.Round(time.Millisecond), differ)
	if slam != Capture && K >= 4 && differ == 0 {
		t.Errorf("grand_slam=%v: every board has the default rule's bounds", slam)
	}
}
