package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/record"
	"github.com/mancala-bot/mancala/store"
)

// recordedGame plays up to plies random legal moves of rules and returns
// the stored game and its final position.
func recordedGame(t *testing.T, rules engine.Rules, seed uint64, plies int) (*store.Game, engine.Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	g := &store.Game{Variant: rules.Variant().ID, Options: rules.Options(), Platform: "terminal",
		CreatedAt: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)}
	for i := range rules.Layout().Sides {
		g.Players = append(g.Players, store.Player{UserID: fmt.Sprint(i), Name: fmt.Sprint("p", i)})
	}
	eg := engine.NewGame(rules.Start())
	for range plies {
		legal := eg.Position().Moves()
		if len(legal) == 0 {
			break
		}
		m := legal[rng.IntN(len(legal))]
		if _, err := eg.Play(m); err != nil {
			t.Fatal(err)
		}
		g.Moves = append(g.Moves, store.Move{Ply: len(g.Moves), Move: m.String()})
	}
	p := eg.Position()
	if st := p.Status(); st.Over() {
		g.Phase, g.Reason = store.PhaseOver, p.EndReason().String()
		g.Result = st.String()
		if w, ok := st.Winner(); ok && p.Swapped() {
			g.Result = engine.Won(1 - w).String()
		}
	}
	return g, p
}

// writeRecord exports g in format f to a file in dir.
func writeRecord(t *testing.T, dir string, g *store.Game, f record.Format) string {
	t.Helper()
	var b bytes.Buffer
	if err := record.Export(&b, g, f); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, record.FileName(g, f))
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestPlayRecordEveryVariant: "play --record" of a game of every variant,
// exported as text and as JSON, prints the final position the game
// reached.
func TestPlayRecordEveryVariant(t *testing.T) {
	dir := t.TempDir()
	for i, v := range engine.Variants() {
		rules, err := v.New(nil)
		if err != nil {
			t.Fatal(err)
		}
		g, final := recordedGame(t, rules, uint64(i), 300)
		want, err := json.Marshal(final)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []record.Format{record.Text, record.JSON} {
			path := writeRecord(t, dir, g, f)
			out := mustRun(t, "", "play", "--record", path, "--json")
			if strings.TrimSpace(out) != string(want) {
				t.Errorf("%s (%s): play --record printed\n%s\nwant\n%s", v.ID, f, out, want)
			}
		}
	}
}

// TestPlayRecordGoesOn: the moves after --record continue the recorded
// game, exactly as if they had been played with the record's moves.
func TestPlayRecordGoesOn(t *testing.T) {
	rec := "[Variant \"kalah\"]\n[Options \"pits=6 seeds=4\"]\n\n1. 3 2. 6 3. 2 *\n"
	got := mustRun(t, rec, "play", "--record", "-", "3", "1", "--json")
	want := mustRun(t, "", "play", "kalah", "3", "6", "2", "3", "1", "--json")
	if got != want {
		t.Fatalf("play --record - 3 1:\n%s\nwant\n%s", got, want)
	}
	// The trace starts at the record's start and shows every move.
	trace := mustRun(t, rec, "play", "--record", "-", "3", "--trace", "--json")
	if n := strings.Count(trace, "\n"); n != 5 {
		t.Fatalf("trace of 4 moves has %d lines:\n%s", n, trace)
	}
}

// TestPlayRecordLeave: a Ruma record with a seat leaving replays, and the
// trace says who left.
func TestPlayRecordLeave(t *testing.T) {
	rec := "[Variant \"ruma\"]\n\n1. 2 2. out:north 3. 3 *\n"
	out := mustRun(t, rec, "play", "--record", "-", "--trace")
	if !strings.Contains(out, "north left the game (ply 1)") {
		t.Fatalf("trace:\n%s", out)
	}
}

// TestPlayRecordRefusals: a finished game takes no more moves; the
// record gives the rules, so --opt and --from are refused; a bad record
// is refused with its reason.
func TestPlayRecordRefusals(t *testing.T) {
	dir := t.TempDir()
	finished := filepath.Join(dir, "done.txt")
	// Kalah of one pit of one seed: South's move ends it, a draw.
	if err := os.WriteFile(finished, []byte("[Variant \"kalah\"]\n[Options \"pits=1 seeds=1\"]\n[Result \"1/2-1/2\"]\n\n1. 1 1/2-1/2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustRun(t, "", "play", "--record", finished)
	if !strings.HasSuffix(out, "result: draw (empty_side)\n") {
		t.Errorf("a finished record prints\n%s", out)
	}
	resigned := "[Variant \"kalah\"]\n[Result \"0-1\"]\n[Termination \"resign\"]\n\n1. 1 0-1\n"
	if out := mustRun(t, resigned, "play", "--record", "-"); !strings.HasSuffix(out, "recorded result: north_won (resign)\n") {
		t.Errorf("a resigned record prints\n%s", out)
	}
	for _, c := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"play", "--record", finished, "1"}, "", "the recorded game is over (draw, empty_side): no move can follow"},
		{[]string{"play", "--record", finished, "--opt", "seeds=3"}, "", "--record cannot be used with --from or --opt"},
		{[]string{"play", "--record", "-"}, "[Variant \"kalah\"]\n\n1. 3 2. 3 *\n", "stdin: line 3: move 2 (3): pit 3 is empty"},
		{[]string{"play", "--record", filepath.Join(dir, "missing.txt")}, "", "no such file"},
	} {
		code, out, errOut := mancala(t, c.stdin, c.args...)
		if code == 0 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("mancala %q: exit %d, stdout %q, stderr %q; want a failure saying %q", c.args, code, out, errOut, c.want)
		}
	}
}
