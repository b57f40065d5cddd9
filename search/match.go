package search

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/mancala-bot/mancala/engine"
)

// MatchOptions configure PlayMatch.
type MatchOptions struct {
	// Games is the number of games (rounded up to an even number, so that
	// every opening is played with both colours).
	Games int
	// Seed makes the match repeatable: the openings and the levels' own
	// variation derive from it.
	Seed int64
	// OpeningPlies random legal moves start every pair of games (0: 2;
	// -1: none), so that deterministic levels do not replay one game; an
	// opening a quick search finds already decided is drawn again (see
	// balancedOpening).
	OpeningPlies int
	// OpeningNodes is the size, in positions, of the search that judges
	// whether an opening is balanced (0: 20 000; see balancedOpening).
	// Where that search misjudges the game's tactics (Congkak's relays),
	// a larger one gives openings that are balanced in play.
	OpeningNodes uint64
	// OpeningLead is the largest lead, in seeds, that search may find in
	// an opening it accepts (0: openingBalance of the seeds in play, at
	// least 2). A game whose final margins are small next to that (Congkak
	// is mostly decided by 2 to 6 seeds) needs a smaller one, or most
	// openings go to the side they favour whichever level plays it.
	OpeningLead float64
	// Starts, if not empty, are the positions the pairs of games start
	// from instead of random openings: pair i starts from Starts[i mod
	// len(Starts)], after OpeningPlies random moves only if OpeningPlies
	// is set (for endgame matches).
	Starts []engine.Position
	// Workers is the number of games played at once (0: GOMAXPROCS).
	Workers int
	// MaxPlies ends a game that runs longer (0: 2000). Such a game is
	// scored as it stands by the rules' aim
	// (engine.Position.StandingMargin: the stores, or in Ohojitxi the
	// seeds each side still holds) and counted in MatchResult.Cut.
	MaxPlies int
	// Progress, if set, is called after every game with the tally so far
	// (from one goroutine at a time).
	Progress func(MatchResult)
	// Record, if set, is called with every game as it ends, in the order
	// the games end (from one goroutine at a time, before Progress).
	Record func(GameRecord)
}

// GameRecord is one game of a match as it was played.
type GameRecord struct {
	// Game is the game's number, from 1: games 2i+1 and 2i+2 share an
	// opening.
	Game int `json:"game"`
	// ASide is player A's (first) seat: "south" in the first game of a
	// pair, "north" in the second ("east" where each player holds two
	// seats: see MatchSeats).
	ASide string `json:"a_side"`
	// Start is the position after the random opening.
	Start engine.Position `json:"start"`
	// Moves are the moves from Start in the spec's notation ("3", "3L").
	Moves []string `json:"moves"`
	// Margin is A's final margin by the rules' count (> 0 a win; see
	// resultMargin).
	Margin int `json:"margin"`
	// Cut reports a game ended at MatchOptions.MaxPlies, its Margin
	// counted as the game stood.
	Cut bool `json:"cut,omitempty"`
}

// MatchResult is the tally of a match from player A's side.
type MatchResult struct {
	Games, Wins, Draws, Losses int
	// Cut is the number of those games ended at MatchOptions.MaxPlies
	// (scored as they stood).
	Cut int
	// Margin is A's total margin over all games.
	Margin int
	// PairWins, PairDraws and PairLosses count PlayMatch's finished pairs
	// of games (one opening, A on each side) by A's summed margin: where
	// an opening decides the game whichever level plays it, the pair
	// splits one game each, and only the margins tell the levels apart.
	PairWins, PairDraws, PairLosses int
	// PairMarginSum and PairMarginSquares are the sum of A's summed
	// margins over the finished pairs and the sum of their squares (see
	// PairMargin).
	PairMarginSum, PairMarginSquares int
}

// AddPair counts a finished pair of games (one opening, A on each side)
// whose margins for A sum to sum: in PairWins, PairDraws or PairLosses
// by its sign, and in PairMarginSum and PairMarginSquares.
func (r *MatchResult) AddPair(sum int) {
	switch {
	case sum > 0:
		r.PairWins++
	case sum < 0:
		r.PairLosses++
	default:
		r.PairDraws++
	}
	r.PairMarginSum += sum
	r.PairMarginSquares += sum * sum
}

// PairTally pairs the two games of each opening as they finish, in
// either order, and counts each finished pair in a MatchResult
// (AddPair). The zero value is ready to use; it is not safe for
// concurrent use.
type PairTally struct {
	pending map[int]int // A's margin in the finished game of each pair whose other game is still on
}

// Add records margin, A's in one game of pair: when the pair's other game
// is recorded already, it counts the pair in r and forgets it.
func (t *PairTally) Add(r *MatchResult, pair, margin int) {
	if other, ok := t.pending[pair]; ok {
		r.AddPair(other + margin)
		delete(t.pending, pair)
		return
	}
	if t.pending == nil {
		t.pending = map[int]int{}
	}
	t.pending[pair] = margin
}

// PairMargin returns the mean of A's summed margin over a pair of games
// (one opening, A on each side) and the half-width of its 95% confidence
// interval, from the pairs' variance: the finer measure where most pairs
// split by seat. With fewer than two pairs the half-width is infinite.
func (r MatchResult) PairMargin() (mean, margin float64) {
	n := float64(r.PairWins + r.PairDraws + r.PairLosses)
	if n == 0 {
		return 0, math.Inf(1)
	}
	mean = float64(r.PairMarginSum) / n
	if n < 2 {
		return mean, math.Inf(1)
	}
	v := (float64(r.PairMarginSquares) - n*mean*mean) / (n - 1)
	return mean, 1.96 * math.Sqrt(max(v, 0)/n)
}

// Score is A's share of the points (a draw is half a point).
func (r MatchResult) Score() float64 {
	if r.Games == 0 {
		return 0.5
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games)
}

// Elo returns the Elo difference of A over B the score implies and the
// half-width of its 95% confidence interval, from the per-game variance of
// the result. A clean sweep has no finite estimate: the score is then
// taken as half a game short of it, so the figure is a lower bound.
func (r MatchResult) Elo() (diff, margin float64) {
	n := float64(r.Games)
	if n == 0 {
		return 0, math.Inf(1)
	}
	s := r.Score()
	lo, hi := 0.5/n, 1-0.5/n
	elo := func(x float64) float64 {
		x = min(max(x, lo), hi)
		return -400 * math.Log10(1/x-1)
	}
	v := (float64(r.Wins)*(1-s)*(1-s) + float64(r.Draws)*(0.5-s)*(0.5-s) + float64(r.Losses)*s*s) / n
	se := math.Sqrt(v / n)
	if se == 0 {
		se = 0.5 / n
	}
	return elo(s), (elo(s+1.96*se) - elo(s-1.96*se)) / 2
}

// PlayMatch plays a match between levels a and b under rules r: game 2i
// and game 2i+1 start from the same random opening, a playing South in the
// first and North in the second. In a game of two players holding two
// seats each (Ruma with players=2) a holds South and North in the first
// and East and West in the second. It returns the tally from a's side,
// and ctx's error (with the games finished so far) if ctx ends first;
// errors from the levels are returned as they come. ErrPlayers: r is not
// a game of two players.
func PlayMatch(ctx context.Context, r engine.Rules, a, b Level, opts MatchOptions) (MatchResult, error) {
	seats, ok := MatchSeats(r)
	if !ok {
		return MatchResult{}, ErrPlayers
	}
	games := opts.Games + opts.Games%2
	plies := opts.OpeningPlies
	if plies == 0 && len(opts.Starts) == 0 {
		plies = 2
	}
	maxPlies := opts.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 2000
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	book := newOpeningBook(r.Start(), opts.Starts, plies, opts.OpeningNodes, opts.OpeningLead, opts.Seed)
	var (
		mu       sync.Mutex
		res      MatchResult
		firstErr error
		next     int
		wg       sync.WaitGroup
		pairs    PairTally
	)
	for range min(workers, games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := firstErr != nil
				mu.Unlock()
				if i >= games || stop || ctx.Err() != nil {
					return
				}
				g, margin, err := playGame(ctx, book.opening(ctx, i/2), a, b, seats[i%2], i, maxPlies, opts.Seed)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
				res.Games++
				res.Margin += margin
				cut := g.Position().Status() == engine.Ongoing
				if cut {
					res.Cut++
				}
				pairs.Add(&res, i/2, margin)
				switch {
				case margin > 0:
					res.Wins++
				case margin < 0:
					res.Losses++
				default:
					res.Draws++
				}
				if opts.Record != nil {
					opts.Record(recordOf(i, seats[i%2], g, margin, cut))
				}
				if opts.Progress != nil {
					opts.Progress(res)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return res, firstErr
}

// MatchSeats returns the first seat of each player in a match's games
// under r, in turn order: South and North for two players, South and East
// where each of two players holds two seats (Ruma with players=2; each
// player's other seat is its engine.Partner). ok is false for a solitaire
// and for games of more than two players.
func MatchSeats(r engine.Rules) (seats [2]engine.Side, ok bool) {
	order := engine.TurnOrder(r)
	switch {
	case len(order) == 2:
		return [2]engine.Side{order[0], order[1]}, true
	case len(order) == 4:
		if partner, ok := engine.Partner(r, order[0]); ok && partner == order[2] {
			return [2]engine.Side{order[0], order[1]}, true
		}
	}
	return seats, false
}

// playGame plays game i of a match from its pair's opening, a holding
// seat aSide (and its partner, if any), and returns it with a's final
// margin (resultMargin).
func playGame(ctx context.Context, opening engine.Position, a, b Level, aSide engine.Side, i, maxPlies int, seed int64) (*engine.Game, int, error) {
	g := engine.NewGame(opening)
	for g.Position().Status() == engine.Ongoing && g.Position().Ply() < maxPlies {
		p := g.Position()
		l := b
		if partner, ok := engine.Partner(p.Rules(), aSide); p.ToMove() == aSide || ok && p.ToMove() == partner {
			l = a
		}
		m, err := l.Move(ctx, g, seed^int64(i)<<20^int64(p.Ply()))
		if err != nil {
			return nil, 0, err
		}
		if _, err := g.Play(m); err != nil {
			return nil, 0, errors.Join(errors.New("level "+l.String()+" played an illegal move"), err)
		}
	}
	return g, resultMargin(g.Position(), aSide), nil
}

// recordOf is game i of a match, played as g with A at aSide, with A's
// margin; cut reports that the ply limit ended it.
func recordOf(i int, aSide engine.Side, g *engine.Game, margin int, cut bool) GameRecord {
	ms := g.Moves()
	moves := make([]string, len(ms))
	for j, m := range ms {
		moves[j] = m.String()
	}
	return GameRecord{Game: i + 1, ASide: aSide.String(), Start: g.Start(), Moves: moves, Margin: margin, Cut: cut}
}

// Balanced openings: a random opening that has already decided the game
// measures nothing, since both games of its pair go to the side it favours
// whichever level plays it (in Gabata most two-ply openings leave one side
// 10 to 40 seeds ahead of the other's best play). PlayMatch therefore
// draws an opening again, up to openingTries times, while a search of
// openingNodes positions (MatchOptions.OpeningNodes) finds the side to
// move more than openingBalance of the seeds in play ahead or behind (at
// least 2 seeds), and otherwise keeps the closest it drew.
const (
	openingTries   = 64
	openingNodes   = 20_000
	openingBalance = 0.05
)

// openingBook hands each pair of a match its opening. The openings are
// drawn in pair order, whichever worker asks first, so that a match's
// games depend on its seed alone; and no opening is given to two pairs
// while the draws offer another (in a game of few short openings, such
// as Congkak's, the closest to balanced would otherwise start most pairs).
type openingBook struct {
	start  engine.Position
	starts []engine.Position
	plies  int
	nodes  uint64
	lead   float64 // MatchOptions.OpeningLead
	seed   int64

	mu   sync.Mutex
	got  []engine.Position
	used map[engine.Key]bool
}

// BalancedOpenings hands each pair of games of a match against another
// program (package uci) its opening as PlayMatch does its own: plies
// random moves from start (drawn from seed and the pair's number, as
// RandomOpening would be by such a match), drawn again while a search of
// nodes positions (0: 20 000) finds the side to move more than lead seeds
// ahead or behind (0: 5% of the seeds in play, at least 2), and never one
// opening for two pairs while the draws offer another. Its Opening method
// is safe for concurrent use.
type BalancedOpenings struct{ book *openingBook }

// NewBalancedOpenings returns the openings described at BalancedOpenings.
func NewBalancedOpenings(start engine.Position, plies int, nodes uint64, lead float64, seed int64) *BalancedOpenings {
	return &BalancedOpenings{book: newOpeningBook(start, nil, plies, nodes, lead, seed)}
}

// newOpeningBook returns the book of a match's openings: from start, or
// from starts[pair mod len(starts)] when given, judged by a search of
// nodes positions (0: openingNodes) against lead (0: openingLimit).
func newOpeningBook(start engine.Position, starts []engine.Position, plies int, nodes uint64, lead float64, seed int64) *openingBook {
	if nodes == 0 {
		nodes = openingNodes
	}
	return &openingBook{start: start, starts: starts, plies: plies, nodes: nodes, lead: lead, seed: seed}
}

// Opening returns pair's opening (pairs numbered from 0), drawing the
// ones before it first; ctx ending stops the drawing with the closest
// opening drawn so far.
func (b *BalancedOpenings) Opening(ctx context.Context, pair int) engine.Position {
	return b.book.opening(ctx, pair)
}

// opening returns pair's opening, drawing the ones before it first.
func (b *openingBook) opening(ctx context.Context, pair int) engine.Position {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used == nil {
		b.used = map[engine.Key]bool{}
	}
	for len(b.got) <= pair {
		i := len(b.got)
		start := b.start
		if len(b.starts) > 0 {
			start = b.starts[i%len(b.starts)]
		}
		rng := rand.New(rand.NewPCG(uint64(b.seed), uint64(i)))
		p := balancedOpening(ctx, start, b.plies, b.nodes, b.lead, rng, b.used)
		b.used[p.Key()] = true
		b.got = append(b.got, p)
	}
	return b.got[pair]
}

// balancedOpening is RandomOpening, drawn again as the constants above
// say (judged by a search of nodes positions; lead, if positive, is the
// largest lead accepted instead of openingLimit's); an opening in used is
// drawn again too, and taken only if every draw was used (the closest of
// them). A game of four seats (Ruma) is judged by the paranoid search
// (Analyze). Its searches are counted in positions, so the opening depends on
// the seed alone, not on the machine's speed; ctx ending stops the
// drawing (PlayMatch then stops too).
func balancedOpening(ctx context.Context, start engine.Position, plies int, nodes uint64, lead float64, rng *rand.Rand, used map[engine.Key]bool) engine.Position {
	if plies <= 0 {
		return start
	}
	// The closest draw not used, and the closest used one.
	var best, bestUsed engine.Position
	bestGap, bestUsedGap := math.Inf(1), math.Inf(1)
	pick := func() engine.Position {
		if bestGap < math.Inf(1) {
			return best
		}
		return bestUsed
	}
	for range openingTries {
		p := RandomOpening(start, plies, rng)
		a, err := Analyze(ctx, p, Limits{Nodes: nodes})
		if err != nil {
			if bestGap == math.Inf(1) && bestUsedGap == math.Inf(1) {
				return p
			}
			return pick()
		}
		gap := math.Abs(a.Score)
		if used[p.Key()] {
			if gap < bestUsedGap {
				bestUsed, bestUsedGap = p, gap
			}
			continue
		}
		limit := openingLimit(p)
		if lead > 0 {
			limit = lead
		}
		if gap <= limit {
			return p
		}
		if gap < bestGap {
			best, bestGap = p, gap
		}
	}
	return pick()
}

// openingLimit is the largest lead, in seeds, of a balanced opening p.
func openingLimit(p engine.Position) float64 {
	return max(2, openingBalance*float64(p.Seeds()))
}

// RandomOpening plays up to plies random legal moves from start, drawn
// from rng, never ending the game: a match's opening.
func RandomOpening(start engine.Position, plies int, rng *rand.Rand) engine.Position {
	p := start
	for range max(plies, 0) {
		moves := p.Moves()
		if len(moves) == 0 {
			break
		}
		q, err := p.Play(moves[rng.IntN(len(moves))])
		if err != nil || q.Status() != engine.Ongoing {
			break
		}
		p = q
	}
	return p
}

// resultMargin is the margin, at the end of a match's game p, of the
// player whose first seat is side (MatchSeats: South for the first
// player, North or East for the second): by the rules' count
// (engine.Position.FinalMargin, which is the first player's) when the
// game is over, and as it stands (engine.Position.StandingMargin) when
// the ply limit cut it.
func resultMargin(p engine.Position, side engine.Side) int {
	if side != engine.South {
		return -p.StandingMargin()
	}
	return p.StandingMargin()
}
