package search

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// kalahStartMatch plays Perfect against Expert from the start of r: game
// i has Perfect on side i%2 and playing every one of its moves; the pair
// of games 2j, 2j+1 gives Expert's first randomPlies turns of moves to
// random legal moves drawn from (seed, j) (pair 0: none), so that the
// deterministic levels do not replay one game. It returns Perfect's tally
// and how many of Perfect's moves were exact, of how many; notExact, if
// not nil, is called with each position where Perfect's move was not.
// below counts the games Perfect ended with a store margin below a value
// it had proven on one of its moves (none, if its play is perfect: the
// opponent's mistakes only add to a proven value).
func kalahStartMatch(ctx context.Context, r engine.Rules, games, randomPlies int, seed uint64, notExact func(engine.Position)) (res MatchResult, exact, moves, below int, err error) {
	for i := range games + games%2 {
		side := engine.Side(i % 2)
		rng := rand.New(rand.NewPCG(seed, uint64(i/2)))
		random := randomPlies
		if i/2 == 0 {
			random = 0
		}
		g := engine.NewGame(r.Start())
		proven := math.MinInt
		for g.Position().Status() == engine.Ongoing {
			p := g.Position()
			var m engine.Move
			switch {
			case p.ToMove() == side:
				d, err := Perfect.Choose(ctx, g, 1)
				if err != nil {
					return res, exact, moves, below, err
				}
				moves++
				if d.Exact {
					exact++
					proven = max(proven, d.Value)
				} else if notExact != nil {
					notExact(p)
				}
				m = d.Move
			case random > 0:
				random--
				ms := p.Moves()
				m = ms[rng.IntN(len(ms))]
			default:
				if m, err = Expert.Move(ctx, g, 1); err != nil {
					return res, exact, moves, below, err
				}
			}
			if _, err := g.Play(m); err != nil {
				return res, exact, moves, below, err
			}
		}
		margin := resultMargin(g.Position(), side)
		if margin < proven {
			below++
		}
		res.Games++
		res.Margin += margin
		switch {
		case margin > 0:
			res.Wins++
		case margin < 0:
			res.Losses++
		default:
			res.Draws++
		}
	}
	return res, exact, moves, below, nil
}

// BenchmarkKalahPerfectMatch plays Perfect against Expert in Kalah(6,4)
// from the start (see kalahStartMatch: Expert's first KALAH_MATCH_RANDOM
// moves, default 2, random in every pair of games but the first),
// KALAH_MATCH_GAMES games (default 20; the random moves drawn from
// KALAH_MATCH_SEED, default 1), with the opening book and
// database in MANCALA_CACHE_DIR ("mancala book kalah" builds them; without
// them Perfect plays Expert's moves until its solve fits), and reports
// Perfect's score, the Elo difference with its 95% margin and the share of
// Perfect's moves that were exact. Under -short (CI runs every benchmark
// once) it plays two games of Kalah(6,2) with a small book built here.
func BenchmarkKalahPerfectMatch(b *testing.B) {
	games, random := 20, 2
	if s := os.Getenv("KALAH_MATCH_GAMES"); s != "" {
		games, _ = strconv.Atoi(s)
	}
	if s := os.Getenv("KALAH_MATCH_RANDOM"); s != "" {
		random, _ = strconv.Atoi(s)
	}
	seed := uint64(1)
	if s := os.Getenv("KALAH_MATCH_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	r, err := engine.New("kalah", nil)
	if err != nil {
		b.Fatal(err)
	}
	if testing.Short() {
		setCacheDir(b, b.TempDir())
		old := bookBudget
		bookBudget = 3000
		defer func() { bookBudget = old }()
		r = kalah62(b)
		if _, err := BuildKalahBook(context.Background(), r, KalahBookOptions{DBSeeds: 8, TableMB: 16}); err != nil {
			b.Fatal(err)
		}
		games = 2
	}
	b.Logf("book and database ready: %v", ExactFromStart(r))
	// The database in memory first: Perfect starts loading it at its first
	// book move, but two bots reach the end of the book sooner than the
	// seconds a 548 MB database takes to load.
	if err := Prepare(context.Background(), r); err != nil {
		b.Fatal(err)
	}
	for range b.N {
		res, exact, moves, below, err := kalahStartMatch(context.Background(), r, games, random, seed, func(p engine.Position) {
			s := p.Setup()
			b.Logf("not exact: ply %d, %s to move, pits %v, stores %v", p.Ply(), p.ToMove(), s.Pits, s.Stores)
		})
		if err != nil {
			b.Fatal(err)
		}
		if below > 0 {
			b.Errorf("%d games ended below a value Perfect had proven", below)
		}
		elo, margin := res.Elo()
		b.Logf("perfect vs expert, %s(%d,%d) from the start: +%d =%d -%d, score %.3f, Elo %+.0f ± %.0f, store margin %+d; %d of Perfect's %d moves exact, %d games below a value it proved",
			r.Variant().ID, r.Layout().Pits, r.Start().Seeds()/(2*r.Layout().Pits), res.Wins, res.Draws, res.Losses, res.Score(), elo, margin, res.Margin, exact, moves, below)
		b.ReportMetric(res.Score(), "score")
		b.ReportMetric(elo, "elo")
		b.ReportMetric(margin, "elo±")
		b.ReportMetric(float64(exact)/float64(max(moves, 1)), "exact")
	}
}
