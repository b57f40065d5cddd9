// Package rating is the Glicko-2 rating system, as described in Mark
// Glickman's "Example of the Glicko-2 system" (steps 1 to 8, the volatility
// found with the Illinois algorithm to within 0.000001), with the
// constants the bot uses: a new player starts at 1500, RD 350, volatility
// 0.06, and the system constant tau is 0.5.
//
// Every game is its own rating period (as lichess does): Update rates one
// result against one opponent. Inactivity makes a rating less certain: each
// full 30 days without a game is a rating period without games (step 6
// alone: phi* = sqrt(phi² + sigma²)). An RD never exceeds the starting 350.
// A rating whose RD is above 110 is provisional.
//
// The package is pure: no I/O, no clock but the times it is given.
package rating

import (
	"math"
	"time"
)

// The system's constants.
const (
	Start           = 1500.0 // a new player's rating
	StartRD         = 350.0  // a new player's RD, and the most an RD grows to
	StartVolatility = 0.06   // a new player's volatility
	Tau             = 0.5    // the system constant: how much volatility may change
	ProvisionalRD   = 110.0  // a rating with a larger RD is provisional
	// Period is how long without games counts as one rating period
	// without games (see Decay).
	Period = 30 * 24 * time.Hour

	Scale   = 173.7178 // Glicko-2's Scale: r = Scale*mu + Start
	epsilon = 0.000001 // the convergence tolerance of step 5
)

// Rating is one player's Glicko-2 rating on the Glicko Scale.
type Rating struct {
	Rating     float64 // r
	RD         float64 // the rating deviation
	Volatility float64 // sigma
}

// New is a new player's rating: 1500, RD 350, volatility 0.06.
func New() Rating { return Rating{Rating: Start, RD: StartRD, Volatility: StartVolatility} }

// Provisional reports whether the rating is still uncertain: RD above 110.
func (r Rating) Provisional() bool { return r.RD > ProvisionalRD }

// Score is a game's result from a player's side: 1 a win, 0.5 a draw, 0 a
// loss.
type Score float64

// Scores.
const (
	Loss Score = 0
	Draw Score = 0.5
	Win  Score = 1
)

// Result is one game of a rating period: the opponent's rating before the
// period and the player's score.
type Result struct {
	Opponent Rating
	Score    Score
}

// Update returns the player's rating after a rating period with the given
// results (steps 1 to 8 of Glickman's example). With no results it is Decay
// by one period. The RD is capped at 350.
func Update(r Rating, results ...Result) Rating {
	mu, phi, sigma := (r.Rating-Start)/Scale, r.RD/Scale, r.Volatility
	if len(results) == 0 {
		return capped(Rating{Rating: r.Rating, RD: Scale * math.Sqrt(phi*phi+sigma*sigma), Volatility: sigma})
	}
	// Step 3: the estimated variance v; step 4: the improvement delta.
	var vInv, sum float64
	for _, res := range results {
		muJ, phiJ := (res.Opponent.Rating-Start)/Scale, res.Opponent.RD/Scale
		g := gOf(phiJ)
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (float64(res.Score) - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility.
	sigma = volatility(delta, phi, v, sigma)
	// Step 6: the pre-period value; step 7: the new phi and mu.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phi = 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu += phi * phi * sum
	// Step 8: back to the Glicko Scale.
	return capped(Rating{Rating: Scale*mu + Start, RD: Scale * phi, Volatility: sigma})
}

// gOf is Glickman's g(phi).
func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// volatility is step 5: the new sigma, by the Illinois algorithm.
func volatility(delta, phi, v, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// capped keeps the RD at most StartRD.
func capped(r Rating) Rating {
	r.RD = math.Min(r.RD, StartRD)
	return r
}

// Periods is how many full rating periods without games lie between the
// last game and t: 0 for a t before last+30 days, or a zero last (no game
// yet).
func Periods(last, t time.Time) int {
	if last.IsZero() || !t.After(last) {
		return 0
	}
	return int(t.Sub(last) / Period)
}

// Decay is r after n rating periods without games: the RD grows (step 6
// with no games: phi² + sigma² each period), up to 350; the rating and
// volatility stay.
func Decay(r Rating, n int) Rating {
	if n <= 0 {
		return r
	}
	phi, sigma := r.RD/Scale, r.Volatility
	return capped(Rating{Rating: r.Rating, RD: Scale * math.Sqrt(phi*phi+float64(n)*sigma*sigma), Volatility: sigma})
}

// Game rates one game between a and b, each rated as of the game (Decay
// already applied), b's score being 1 - aScore: it returns both new
// ratings, each computed from the other's rating before the game.
func Game(a, b Rating, aScore Score) (Rating, Rating) {
	return Update(a, Result{Opponent: b, Score: aScore}), Update(b, Result{Opponent: a, Score: 1 - aScore})
}
