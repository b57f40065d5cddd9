package store

import (
	"fmt"
	"time"

	"github.com/mancala-bot/mancala/rating"
)

// Ratings: a Glicko-2 rating (package rating) per platform, user and
// variant id (the options do not make another variant: Kalah with cross
// sowing or five seeds rates as Kalah). Only games between two people on
// two seats are rated (Rated), and of those only the games that count:
// each of the two made at least one move (BothMoved: a game resigned,
// abandoned or drawn before that is no game of skill), and the pair has
// not yet had RatedPerDay rated games of the variant that UTC day
// (RatingDay). Both rules stop the farming of a rating (one player
// resigning game after game to a friend). Every rated game is its own rating period,
// applied by UpdateGame in the transaction that ends the game, so a game
// is rated exactly once, whatever the processes: the game's rows in
// rating_changes are its "rated" marker. The time of a game is its
// UpdatedAt when it ended (a finished game is never written again).
// RebuildRatings recomputes every rating from the finished games in that
// order and gives the same numbers.

// Rating is a player's rating in one variant, as after their last rated
// game (the RD without the inactivity since: see Now).
type Rating struct {
	Platform, UserID, Variant string
	// Name is the player's name in their newest rated game.
	Name                       string
	Rating, RD, Volatility     float64
	Games, Wins, Draws, Losses int
	// LastGame is when their newest rated game ended.
	LastGame time.Time
}

// Glicko is r's rating as stored.
func (r Rating) Glicko() rating.Rating {
	return rating.Rating{Rating: r.Rating, RD: r.RD, Volatility: r.Volatility}
}

// Now is r as of t: the RD grown by the full 30-day periods without games
// since LastGame (rating.Decay).
func (r Rating) Now(t time.Time) rating.Rating {
	return rating.Decay(r.Glicko(), rating.Periods(r.LastGame, t))
}

// RatingChange is what a rated game did to one of its players.
type RatingChange struct {
	GameID int64
	Seat   int
	UserID string
	Name   string
	// Before is the rating the game was rated from (the RD grown by the
	// player's inactivity before it); After the rating it left.
	Before, After rating.Rating
}

// Rated reports whether g counts for ratings: it is over with a result
// (a win or a draw: not a declined, withdrawn or abandoned game), and it
// has exactly two seats held by two different people (no bot; Ruma's
// tables of four, or of two people on four seats, are not rated).
func Rated(g *Game) bool {
	if g.Phase != PhaseOver || len(g.Players) != 2 {
		return false
	}
	switch g.Result {
	case "south_won", "north_won", "draw":
	default:
		return false
	}
	a, b := g.Players[0], g.Players[1]
	return a.UserID != "" && b.UserID != "" && !a.IsBot() && !b.IsBot() && a.UserID != b.UserID
}

// RatedPerDay is how many games of one variant between the same two
// people are rated in a UTC day (RatingDay); later games that day are
// played and recorded but not rated. Three lets a pair play a match (best
// of three) that counts in full; beyond it, games against one opponent
// tell little more about strength (Glicko-2 learns from varied
// opponents), and one friend cannot pump a rating: a day's three wins
// against a new player take a new player from 1500 to 1753 (rating
// package), and the next day's count for less as the RD falls.
const RatedPerDay = 3

// BothMoved reports whether each player of g's first two seats made at
// least one move of g.Moves (by UserID): a game between two people is
// rated only then. A pie-rule swap counts as a move.
func BothMoved(g *Game) bool {
	if len(g.Players) < 2 {
		return false
	}
	var moved [2]bool
	for _, m := range g.Moves {
		for i := range moved {
			if m.UserID != "" && m.UserID == g.Players[i].UserID {
				moved[i] = true
			}
		}
	}
	return moved[0] && moved[1]
}

// RatingDay is the UTC day that t falls in, [start, end): the day of the
// RatedPerDay cap for a game that ended at t.
func RatingDay(t time.Time) (start, end time.Time) {
	start = t.UTC().Truncate(24 * time.Hour)
	return start, start.Add(24 * time.Hour)
}

// NewRating is a player's rating before their first game of the variant.
func NewRating(platform, userID, variant string) Rating {
	r := rating.New()
	return Rating{Platform: platform, UserID: userID, Variant: variant,
		Rating: r.Rating, RD: r.RD, Volatility: r.Volatility}
}

// RateGame rates the rated game g (see Rated) from its players' ratings
// before it (by seat; NewRating for a first game): each is first grown by
// their inactivity up to the game's end (g.UpdatedAt), then both are
// updated from each other's. It returns the players' new ratings, their
// names, counts and last game updated, and the changes by seat. The same
// inputs give the same numbers: the stores and RebuildRatings both use it.
func RateGame(g *Game, before [2]Rating) ([2]Rating, [2]RatingChange) {
	ended := g.UpdatedAt
	var from [2]rating.Rating
	for i := range before {
		from[i] = before[i].Now(ended)
	}
	score := rating.Draw
	switch g.Result {
	case "south_won":
		score = rating.Win
	case "north_won":
		score = rating.Loss
	}
	a, b := rating.Game(from[0], from[1], score)
	to := [2]rating.Rating{a, b}
	scores := [2]rating.Score{score, 1 - score}
	var after [2]Rating
	var changes [2]RatingChange
	for i := range after {
		r := before[i]
		r.Name = g.Players[i].Name
		r.Rating, r.RD, r.Volatility = to[i].Rating, to[i].RD, to[i].Volatility
		r.Games++
		switch scores[i] {
		case rating.Win:
			r.Wins++
		case rating.Loss:
			r.Losses++
		default:
			r.Draws++
		}
		r.LastGame = ended
		after[i] = r
		changes[i] = RatingChange{GameID: g.ID, Seat: i, UserID: g.Players[i].UserID, Name: g.Players[i].Name,
			Before: from[i], After: to[i]}
	}
	return after, changes
}

// ProvisionalSQL is the SQL condition (both dialects) that a ratings row
// is provisional as of the unix milliseconds in the parameter now (written
// in the dialect's placeholder): its RD, grown by the full 30-day periods
// since last_game, above 110. RD² grows by (173.7178·volatility)² a period
// (rating.Decay).
func ProvisionalSQL(now string) string {
	return fmt.Sprintf("(rd * rd + ((CASE WHEN %s > last_game THEN %s - last_game ELSE 0 END) / %d)"+
		" * (%g * volatility) * (%g * volatility) > %g)",
		now, now, rating.Period.Milliseconds(), rating.Scale, rating.Scale, rating.ProvisionalRD*rating.ProvisionalRD)
}
