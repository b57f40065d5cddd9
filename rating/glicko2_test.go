package rating

import (
	"math"
	"testing"
	"time"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f (±%g)", what, got, want, tol)
	}
}

// TestGlickmanExample is the worked example of Glickman's paper: a player
// rated 1500, RD 200, volatility 0.06 beats a 1400/30 and loses to a
// 1550/100 and a 1700/300 in one period: 1464.06, RD 151.52, volatility
// 0.05999.
func TestGlickmanExample(t *testing.T) {
	r := Update(Rating{Rating: 1500, RD: 200, Volatility: 0.06},
		Result{Opponent: Rating{Rating: 1400, RD: 30, Volatility: 0.06}, Score: Win},
		Result{Opponent: Rating{Rating: 1550, RD: 100, Volatility: 0.06}, Score: Loss},
		Result{Opponent: Rating{Rating: 1700, RD: 300, Volatility: 0.06}, Score: Loss},
	)
	// The paper rounds its intermediate values (v = 1.7785, delta =
	// -0.4834...); computed exactly the rating is 1464.0507 and the
	// volatility 0.0599960, which the paper prints as 1464.06 and 0.05999.
	near(t, "rating", r.Rating, 1464.06, 0.01)
	near(t, "RD", r.RD, 151.52, 0.005)
	near(t, "volatility", r.Volatility, 0.05999, 0.00001)
}

// TestVolatilityStep checks step 5 alone against the paper's intermediate
// values: v = 1.7785, delta = -0.4834 and sigma' = 0.05999.
func TestVolatilityStep(t *testing.T) {
	phi := 200 / Scale
	near(t, "sigma'", volatility(-0.4834, phi, 1.7785, 0.06), 0.05999, 0.00001)
}

// TestDrawBetweenEquals: two new players drawing keep 1500 (the expected
// score was 0.5) and both volatilities; only the RD shrinks, to the same
// value for both: phi = 350/173.7178 = 2.014761, phi*² = phi² + 0.06² =
// 4.062862, g(phi) = 1/sqrt(1 + 3phi²/pi²) = 0.669069, v = 1/(g²/4) =
// 8.93549, phi' = 1/sqrt(1/phi*² + 1/v) = 1/sqrt(0.246132 + 0.111913) =
// 1.671214: RD 290.32.
func TestDrawBetweenEquals(t *testing.T) {
	a, b := Game(New(), New(), Draw)
	if a != b {
		t.Fatalf("a draw between equals rated them differently: %+v, %+v", a, b)
	}
	if a.Rating != Start {
		t.Errorf("rating %v after a draw between equals, want 1500", a.Rating)
	}
	near(t, "volatility", a.Volatility, StartVolatility, 0.00001)
	near(t, "RD", a.RD, 290.32, 0.01)
	if !a.Provisional() {
		t.Error("RD 290 is provisional")
	}
}

// TestWinBetweenNewPlayers: the first game between two new players moves
// each by the same amount in opposite directions: 1500 ± 162.31 (mu' = ±
// phi'² · g · 0.5 = 1.671214² · 0.669069 · 0.5 = 0.934340, × 173.7178),
// the volatility here barely moving (phi'² as in TestDrawBetweenEquals).
func TestWinBetweenNewPlayers(t *testing.T) {
	w, l := Game(New(), New(), Win)
	near(t, "winner", w.Rating, 1662.31, 0.01)
	near(t, "loser", l.Rating, 1337.69, 0.01)
	near(t, "sum", w.Rating+l.Rating, 3000, 1e-9)
	near(t, "winner RD", w.RD, l.RD, 1e-9)
}

// TestInactivity: one period without games makes RD 50 at volatility 0.06
// sqrt(50² + (173.7178·0.06)²) = sqrt(2500 + 108.64) = 51.075; n periods
// add n·sigma² to phi², so 12 periods give sqrt(2500 + 12·108.64) = 61.68;
// the rating and volatility do not move.
func TestInactivity(t *testing.T) {
	r := Rating{Rating: 1720, RD: 50, Volatility: 0.06}
	one := Decay(r, 1)
	near(t, "RD after a period", one.RD, 51.075, 0.001)
	if one.Rating != 1720 || one.Volatility != 0.06 {
		t.Errorf("inactivity changed the rating: %+v", one)
	}
	near(t, "Update with no games", Update(r).RD, one.RD, 1e-9)
	twelve := Decay(r, 12)
	near(t, "RD after 12 periods", twelve.RD, 61.68, 0.01)
	step := r
	for range 12 {
		step = Update(step)
	}
	near(t, "12 periods one at a time", step.RD, twelve.RD, 1e-9)
	if Decay(r, 0) != r || Decay(r, -3) != r {
		t.Error("no period changed the rating")
	}
}

// TestInactivityCap: the RD grows back to 350 and no further: from RD 340
// one period gives sqrt(340² + 108.64) = 340.16, and 1,000 periods would
// give 402, capped at 350.
func TestInactivityCap(t *testing.T) {
	r := Rating{Rating: 1600, RD: 340, Volatility: 0.06}
	near(t, "one period", Decay(r, 1).RD, 340.16, 0.01)
	if got := Decay(r, 1000).RD; got != StartRD {
		t.Errorf("RD after 1000 periods = %v, want 350", got)
	}
	if got := Update(New()).RD; got != StartRD {
		t.Errorf("a new player's RD grew to %v", got)
	}
}

func TestPeriods(t *testing.T) {
	last := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		t    time.Time
		want int
	}{
		{last.Add(-time.Hour), 0},
		{last.Add(Period - time.Millisecond), 0},
		{last.Add(Period), 1},
		{last.Add(89 * 24 * time.Hour), 2},
		{last.Add(90 * 24 * time.Hour), 3},
	} {
		if got := Periods(last, c.t); got != c.want {
			t.Errorf("Periods(%v) = %d, want %d", c.t.Sub(last), got, c.want)
		}
	}
	if Periods(time.Time{}, last) != 0 {
		t.Error("a player without games has periods of inactivity")
	}
}

// TestUpsetMovesMore: beating a much stronger, well-known player gains
// more than beating an equal; losing to a much weaker one costs more.
func TestUpsetMovesMore(t *testing.T) {
	me := Rating{Rating: 1500, RD: 80, Volatility: 0.06}
	strong := Rating{Rating: 1900, RD: 60, Volatility: 0.06}
	equal := Rating{Rating: 1500, RD: 60, Volatility: 0.06}
	up := Update(me, Result{Opponent: strong, Score: Win}).Rating - me.Rating
	even := Update(me, Result{Opponent: equal, Score: Win}).Rating - me.Rating
	if up <= even || even <= 0 {
		t.Errorf("gain against 1900: %.2f, against 1500: %.2f", up, even)
	}
}

// FuzzUpdate: whatever the ratings and result, Update gives finite numbers,
// an RD in (0, 350] and a positive volatility.
func FuzzUpdate(f *testing.F) {
	f.Add(1500.0, 350.0, 0.06, 1500.0, 350.0, 0.06, uint8(2))
	f.Add(1500.0, 200.0, 0.06, 1400.0, 30.0, 0.06, uint8(2))
	f.Add(3000.0, 30.0, 0.06, 100.0, 30.0, 0.06, uint8(0))
	f.Add(800.0, 45.0, 0.2, 2900.0, 350.0, 0.01, uint8(1))
	f.Fuzz(func(t *testing.T, r1, rd1, s1, r2, rd2, s2 float64, res uint8) {
		// Ratings as the bot can hold them: 0..4000, RD 1..350, volatility
		// 0.001..0.5.
		in := func(x, lo, hi float64) float64 {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return lo
			}
			return lo + math.Mod(math.Abs(x), hi-lo)
		}
		a := Rating{Rating: in(r1, 0, 4000), RD: in(rd1, 1, 350), Volatility: in(s1, 0.001, 0.5)}
		b := Rating{Rating: in(r2, 0, 4000), RD: in(rd2, 1, 350), Volatility: in(s2, 0.001, 0.5)}
		score := Score(float64(res%3) / 2)
		x, y := Game(a, b, score)
		for _, r := range []Rating{x, y, Decay(a, int(res))} {
			if math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0) || math.IsNaN(r.RD) || !(r.RD > 0 && r.RD <= StartRD) ||
				math.IsNaN(r.Volatility) || !(r.Volatility > 0) || math.IsInf(r.Volatility, 0) {
				t.Fatalf("%+v vs %+v, score %v: %+v", a, b, score, r)
			}
		}
		switch score {
		case Win:
			if x.Rating < a.Rating || y.Rating > b.Rating {
				t.Fatalf("a win lowered the winner or raised the loser: %+v, %+v -> %+v, %+v", a, b, x, y)
			}
		case Loss:
			if x.Rating > a.Rating || y.Rating < b.Rating {
				t.Fatalf("a loss raised the loser: %+v, %+v -> %+v, %+v", a, b, x, y)
			}
		}
	})
}
