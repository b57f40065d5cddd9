package uci

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/search"
)

// count returns how many lines are cmd or start with cmd and a space.
func count(lines []string, cmd string) int {
	n := 0
	for _, l := range lines {
		if l == cmd || strings.HasPrefix(l, cmd+" ") {
			n++
		}
	}
	return n
}

func TestMatchRunsToTheEnd(t *testing.T) {
	cmd, log := fake(t, "first")
	var progress []int
	var records []GameRecord
	res, err := PlayMatch(context.Background(), abapa(t), search.Beginner, MatchOptions{
		Command: cmd, Games: 3, Seed: 7, OpeningPlies: 2,
		EngineLimits: Limits{Depth: 4},
		Progress:     func(r MatchResult) { progress = append(progress, r.Games) },
		Record:       func(g GameRecord) { records = append(records, g) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || res.Wins+res.Draws+res.Losses != 4 || !slices.Equal(progress, []int{1, 2, 3, 4}) {
		t.Fatalf("games %d (+%d =%d -%d), progress %v; want 4 games (3 rounded up)", res.Games, res.Wins, res.Draws, res.Losses, progress)
	}
	if len(res.Forfeits) != 0 || res.Disagreements != 0 || res.Ends["forfeit"] != (Side{}) {
		t.Errorf("forfeits %q, disagreements %d", res.Forfeits, res.Disagreements)
	}
	ends := 0
	for k, s := range res.Ends {
		if k != "majority" && k != "repetition" && k != "no_moves" && k != "empty_side" {
			t.Errorf("game ended by %q", k)
		}
		ends += s.Wins + s.Draws + s.Losses
	}
	if ends != 4 {
		t.Errorf("ends %v count %d games, want 4", res.Ends, ends)
	}
	// Every engine move reported depth 7; the level moved about as often.
	if res.EngineMoves == 0 || len(res.EngineDepths) != res.EngineMoves || res.MedianEngineDepth() != 7 {
		t.Errorf("engine moves %d, depths %d, median %v", res.EngineMoves, len(res.EngineDepths), res.MedianEngineDepth())
	}
	if d := res.LevelMoves - res.EngineMoves; d < -4 || d > 4 {
		t.Errorf("level moves %d, engine moves %d: each game alternates", res.LevelMoves, res.EngineMoves)
	}
	rep := res.Ends["repetition"]
	if res.FirstRecurrence.Games != 4 || res.Recurrences < rep.Wins+rep.Draws+rep.Losses ||
		(res.Recurrences == 0 && res.FirstRecurrence != res.MatchResult) {
		t.Errorf("first recurrence tally %+v, %d games recurred, %+v ended by repetition", res.FirstRecurrence, res.Recurrences, rep)
	}
	checkRecords(t, records, res)
	got := transcript(t, log)
	if count(got, "uci") != 1 || count(got, "ucinewgame") != 4 || count(got, "go depth 4") != res.EngineMoves || got[len(got)-1] != "quit" {
		t.Errorf("transcript: %d uci, %d ucinewgame, %d go for %d engine moves, last %q",
			count(got, "uci"), count(got, "ucinewgame"), count(got, "go depth 4"), res.EngineMoves, got[len(got)-1])
	}
	// Each position command replays a legal game from the opening.
	for _, l := range got {
		if strings.HasPrefix(l, "position ") && !strings.HasPrefix(l, "position fen ") {
			t.Errorf("%q: a game after a 2-ply opening starts from its fen", l)
		}
	}
}

// TestMatchOpenings: without OpeningNodes each pair starts from the random
// opening of its number, as in the matches measured before; with it, from
// one the judging search finds within OpeningLead seeds of even, and some
// pair's differs from the random one.
func TestMatchOpenings(t *testing.T) {
	r := abapa(t)
	const nodes, lead, seed, plies = 2000, 1.0, 5, 6
	starts := func(opts MatchOptions) []engine.Position {
		cmd, _ := fake(t, "first")
		var out []engine.Position
		opts.Command, opts.Games, opts.Seed, opts.OpeningPlies, opts.EngineLimits = cmd, 6, seed, plies, Limits{Depth: 2}
		opts.Record = func(g GameRecord) {
			if g.Game%2 == 1 {
				out = append(out, g.Start)
			}
		}
		if _, err := PlayMatch(context.Background(), r, search.Beginner, opts); err != nil {
			t.Fatal(err)
		}
		if len(out) != 3 {
			t.Fatalf("%d pairs recorded, want 3", len(out))
		}
		return out
	}
	random := starts(MatchOptions{})
	judged := starts(MatchOptions{OpeningNodes: nodes, OpeningLead: lead})
	differ := 0
	for pair := range 3 {
		want := search.RandomOpening(r.Start(), plies, rand.New(rand.NewPCG(seed, uint64(pair))))
		if random[pair].Key() != want.Key() {
			t.Errorf("pair %d: without OpeningNodes, not the random opening of its number", pair)
		}
		a, err := search.Analyze(context.Background(), judged[pair], search.Limits{Nodes: nodes})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(a.Score) > lead {
			t.Errorf("pair %d: judged opening scores %+.2f by a %d-position search, beyond %v", pair, a.Score, nodes, lead)
		}
		if judged[pair].Key() != random[pair].Key() {
			differ++
		}
	}
	if differ == 0 {
		t.Error("every judged opening is the random one: the judge changed nothing")
	}
}

func TestMatchForfeits(t *testing.T) {
	for _, tc := range []struct {
		mode   string
		opts   MatchOptions
		why    string
		starts int // engine processes started for the 2 games
	}{
		{mode: "wrongside", why: "does not name a house of", starts: 1},
		{mode: "emptypit", why: "illegal move", starts: 1},
		{mode: "crash", why: "exit status 3", starts: 2},
		{mode: "hang", opts: MatchOptions{EngineTimeout: 1}, why: "no move within", starts: 2},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			cmd, log := fake(t, tc.mode)
			opts := tc.opts
			opts.Command, opts.Games, opts.EngineLimits = cmd, 2, Limits{Depth: 2}
			res, err := PlayMatch(context.Background(), abapa(t), search.Beginner, opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Games != 2 || res.Wins != 2 || len(res.Forfeits) != 2 || res.Ends["forfeit"] != (Side{Wins: 2}) {
				t.Fatalf("+%d =%d -%d, ends %v, forfeits %q; want two forfeited games", res.Wins, res.Draws, res.Losses, res.Ends, res.Forfeits)
			}
			for _, f := range res.Forfeits {
				if !strings.Contains(f, tc.why) {
					t.Errorf("forfeit %q does not say %q", f, tc.why)
				}
			}
			if n := count(transcript(t, log), "uci"); n != tc.starts {
				t.Errorf("engine started %d times, want %d", n, tc.starts)
			}
		})
	}
}

// TestMatchMaxPlies: games that reach MaxPlies end there, under way,
// counted in Cut and Ends["max_plies"] and scored by the stores as they
// stand.
func TestMatchMaxPlies(t *testing.T) {
	cmd, _ := fake(t, "first")
	var records []GameRecord
	res, err := PlayMatch(context.Background(), abapa(t), search.Beginner, MatchOptions{
		Command: cmd, Games: 2, OpeningPlies: -1, MaxPlies: 6, EngineLimits: Limits{Depth: 2},
		Record: func(g GameRecord) { records = append(records, g) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 2 || res.Cut != 2 || res.Ends["max_plies"] != (Side{Draws: 2}) || len(records) != 2 {
		t.Fatalf("games %d, cut %d, ends %v, %d records; want 2 games cut at ply 6, drawn on the stores", res.Games, res.Cut, res.Ends, len(records))
	}
	for _, g := range records {
		if g.End != "max_plies" || len(g.Moves) != 6 || g.Margin != 0 {
			t.Errorf("game %d: end %q after %d moves, margin %d", g.Game, g.End, len(g.Moves), g.Margin)
		}
	}
}

// An engine that sees the game over by its own repetition rule is asked
// again with the position alone.
func TestMatchDisagreement(t *testing.T) {
	cmd, log := fake(t, "history")
	res, err := PlayMatch(context.Background(), abapa(t), search.Beginner, MatchOptions{
		Command: cmd, Games: 2, EngineLimits: Limits{Depth: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	// Every engine move but the first of game 2 (the engine is South
	// there, at the start position with no moves) came with history.
	if len(res.Forfeits) != 0 || res.Games != 2 || res.Disagreements != res.EngineMoves-1 {
		t.Fatalf("forfeits %q, games %d, disagreements %d for %d engine moves", res.Forfeits, res.Games, res.Disagreements, res.EngineMoves)
	}
	got := transcript(t, log)
	if count(got, "position fen") != res.Disagreements || count(got, "go depth 2") != res.EngineMoves+res.Disagreements {
		t.Errorf("%d position fen and %d go commands, want %d and %d", count(got, "position fen"), count(got, "go depth 2"),
			res.Disagreements, res.EngineMoves+res.Disagreements)
	}
}

func TestMatchErrors(t *testing.T) {
	kalah, err := engine.New("kalah", nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd, _ := fake(t, "first")
	if _, err := PlayMatch(context.Background(), kalah, search.Beginner, MatchOptions{Command: cmd, Games: 2}); !errors.Is(err, ErrNotOware) {
		t.Errorf("Kalah: %v, want ErrNotOware", err)
	}
	cmd, _ = fake(t, "exit")
	if _, err := PlayMatch(context.Background(), abapa(t), search.Beginner, MatchOptions{Command: cmd, Games: 2}); !errors.Is(err, ErrExited) {
		t.Errorf("an engine that cannot start: %v, want ErrExited", err)
	}
	cmd, _ = fake(t, "first")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := PlayMatch(ctx, abapa(t), search.Beginner, MatchOptions{Command: cmd, Games: 2})
	if !errors.Is(err, context.Canceled) || res.Games != 0 {
		t.Errorf("cancelled match: %d games, %v", res.Games, err)
	}
}

func TestRecurrence(t *testing.T) {
	r := abapa(t)
	pos := func(fen string) engine.Position {
		p, err := ParseFEN(r, fen)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := pos("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
	aNorth := pos("4-4-4-4-4-4-4-4-4-4-4-4-0-0-N")
	b := pos("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N")
	captured := pos("4-4-4-4-4-4-4-4-4-4-4-1-3-0-S")
	var rec recurrence
	for i, step := range []struct {
		p    engine.Position
		want bool
	}{
		{a, false}, {b, false}, {aNorth, false}, // the side to move counts
		{a, true}, {b, true},
		{captured, false}, {captured, true}, // a capture starts afresh
		{a, false}, // (no game gets its seeds back; the stores' total changed: afresh again)
	} {
		if got := rec.seen(step.p); got != step.want {
			fen, _ := FEN(step.p)
			t.Errorf("step %d (%s): seen %v, want %v", i, fen, got, step.want)
		}
	}
}

// checkRecords: each game's record replays, move by move from its start,
// to a finished game with the recorded stores, end and margin; the level
// is South in odd-numbered games (from 1); the ends and the recurrences
// add up to res's tallies.
func checkRecords(t *testing.T, records []GameRecord, res MatchResult) {
	t.Helper()
	if len(records) != res.Games {
		t.Fatalf("%d records for %d games", len(records), res.Games)
	}
	ends := map[string]Side{}
	recurred := 0
	for _, g := range records {
		side := engine.South
		if g.Game%2 == 0 {
			side = engine.North
		}
		if g.LevelSide != side.String() || g.Start.Ply() != 2 || len(g.Moves) == 0 {
			t.Errorf("game %d: level %s, start at ply %d, %d moves; want %s, ply 2 (the opening)", g.Game, g.LevelSide, g.Start.Ply(), len(g.Moves), side)
			continue
		}
		p := g.Start
		for j, s := range g.Moves {
			m, err := ParseMove(p, s)
			if err == nil {
				p, err = p.Play(m)
			}
			if err != nil {
				t.Fatalf("game %d, move %d %q: %v", g.Game, j+1, s, err)
			}
		}
		margin := p.Store(side) - p.Store(1-side)
		if p.Status() == engine.Ongoing || p.EndReason().String() != g.End || margin != g.Margin ||
			g.Stores != [2]int{p.Store(engine.South), p.Store(engine.North)} {
			t.Errorf("game %d replayed: %v %s, margin %d, stores %d-%d; recorded %s, margin %d, stores %v",
				g.Game, p.Status(), p.EndReason(), margin, p.Store(engine.South), p.Store(engine.North), g.End, g.Margin, g.Stores)
		}
		if g.FirstRecurrence > len(g.Moves) || g.FirstRecurrence < -1 || g.Forfeit != "" {
			t.Errorf("game %d: first recurrence at %d of %d moves, forfeit %q", g.Game, g.FirstRecurrence, len(g.Moves), g.Forfeit)
		}
		if g.FirstRecurrence >= 0 {
			recurred++
		}
		s := ends[g.End]
		switch {
		case g.Margin > 0:
			s.Wins++
		case g.Margin < 0:
			s.Losses++
		default:
			s.Draws++
		}
		ends[g.End] = s
	}
	for k, s := range res.Ends {
		if ends[k] != s {
			t.Errorf("records ended by %s: %+v, tally %+v", k, ends[k], s)
		}
	}
	if recurred != res.Recurrences {
		t.Errorf("records recurred in %d games, tally %d", recurred, res.Recurrences)
	}
	// Games 2i-1 and 2i share an opening: the pairs, by the level's
	// summed margin.
	byGame := map[int]int{}
	for _, g := range records {
		byGame[g.Game] = g.Margin
	}
	var want search.MatchResult
	for i := 1; i+1 <= len(records); i += 2 {
		want.AddPair(byGame[i] + byGame[i+1])
	}
	got := res.MatchResult
	if [5]int{got.PairWins, got.PairDraws, got.PairLosses, got.PairMarginSum, got.PairMarginSquares} !=
		[5]int{want.PairWins, want.PairDraws, want.PairLosses, want.PairMarginSum, want.PairMarginSquares} || want.PairWins+want.PairDraws+want.PairLosses != res.Games/2 {
		t.Errorf("pairs +%d =%d -%d (sum %d, squares %d); the records give +%d =%d -%d (sum %d, squares %d)",
			got.PairWins, got.PairDraws, got.PairLosses, got.PairMarginSum, got.PairMarginSquares,
			want.PairWins, want.PairDraws, want.PairLosses, want.PairMarginSum, want.PairMarginSquares)
	}
}
