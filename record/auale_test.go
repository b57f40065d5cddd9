package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// aualeScript loads each OGN file named on its command line with the
// Aualé program's own reader (serialize.OGNSerializer, which replays every
// move through its game logic and refuses an illegal one) and prints, per
// file, one JSON line: the board after the last move (houses A-F, a-f,
// then South's and North's stores), the side to move (1 South, -1 North),
// whether the match ended, its Result tag, and the match written back by
// Aualé's writer.
const aualeScript = `import json, sys
from serialize import OGNSerializer
reader = OGNSerializer()
for path in sys.argv[1:]:
    with open(path) as f:
        match = reader.load(f)
    match.redo_all_moves()
    print(json.dumps({"board": list(match.get_board()), "turn": match.get_turn(),
        "ended": match.has_ended(), "result": match.get_tag("Result"),
        "dump": reader.dumps(match)}))
`

// TestAualeReadsOurOGN hands random Abapa games, exported as OGN, to the
// Aualé program's reader and checks it reaches our final position. It
// needs python3 and Aualé's source: MANCALA_AUALE_SRC names its
// src/auale directory (the one holding game/ and serialize/); without it
// the test skips. docs/records.md says how to run it.
func TestAualeReadsOurOGN(t *testing.T) {
	src := os.Getenv("MANCALA_AUALE_SRC")
	if src == "" {
		t.Skip("MANCALA_AUALE_SRC is not set: the Aualé reader is not available")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "read.py")
	if err := os.WriteFile(script, []byte(aualeScript), 0o644); err != nil {
		t.Fatal(err)
	}
	rules := engine.MustNew("oware", abapa)
	var files []string
	var finals []engine.Position
	var customs []bool
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 28))
		start, custom := rules.Start(), seed%3 == 1
		if custom {
			_, eg := randomGame(rng, start, 1+rng.IntN(10))
			if p := eg.Position(); !p.Status().Over() {
				start = p
			}
		}
		moves, eg := randomGame(rng, start, 400)
		g := storeGame(t, start, custom, moves, eg.Position(), false)
		var b bytes.Buffer
		if err := Export(&b, g, Text); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, fmt.Sprintf("game%02d.ogn", seed))
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
		finals = append(finals, eg.Position())
		customs = append(customs, custom)
	}
	cmd := exec.Command(python, append([]string{script}, files...)...)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+src)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the Aualé reader failed: %v\n%s", err, stderr.String())
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	ended, readBack := 0, 0
	for i, p := range finals {
		var got struct {
			Board  []int   `json:"board"`
			Turn   int     `json:"turn"`
			Ended  bool    `json:"ended"`
			Result *string `json:"result"`
			Dump   string  `json:"dump"`
		}
		if err := dec.Decode(&got); err != nil {
			t.Fatalf("%s: %v", files[i], err)
		}
		var want []int
		for _, s := range []engine.Side{engine.South, engine.North} {
			for n := 1; n <= 6; n++ {
				want = append(want, p.Pit(s, n))
			}
		}
		want = append(want, p.Store(engine.South), p.Store(engine.North))
		turn := 1
		if p.ToMove() == engine.North {
			turn = -1
		}
		if fmt.Sprint(got.Board) != fmt.Sprint(want) || got.Ended != p.Status().Over() || (!got.Ended && got.Turn != turn) {
			data, _ := os.ReadFile(files[i])
			t.Fatalf("%s: Aualé reads board %v, turn %d, ended %v; we have %v, turn %d, ended %v\n%s",
				files[i], got.Board, got.Turn, got.Ended, want, turn, p.Status().Over(), data)
		}
		if got.Ended {
			ended++
		}
		// And the other way: what Aualé writes, we read to the same
		// position. (Its writer keeps a start position only when both
		// the board and the side to move differ from the start's: a
		// record of a game from another start may lose it.)
		if customs[i] && !strings.Contains(got.Dump, "[FEN ") {
			continue
		}
		back, err := Import(strings.NewReader(got.Dump))
		if err != nil {
			t.Fatalf("%s: reading Aualé's record: %v\n%s", files[i], err, got.Dump)
		}
		if f := back.Final(); fen(f) != fen(p) || f.Status() != p.Status() {
			t.Fatalf("%s: Aualé's record reads to %s (%s), not %s (%s)\n%s", files[i], fen(f), f.Status(), fen(p), p.Status(), got.Dump)
		}
		readBack++
	}
	t.Logf("%d games read by Aualé to our final positions, %d of them finished; %d of Aualé's records read back", len(finals), ended, readBack)
}
