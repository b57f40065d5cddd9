package store

import "time"

// PuzzleStatus is where a user's attempt at a day's puzzle is.
type PuzzleStatus string

// Puzzle statuses. Only PuzzlePlaying accepts moves.
const (
	PuzzlePlaying PuzzleStatus = "playing"
	PuzzleSolved  PuzzleStatus = "solved"
	PuzzleFailed  PuzzleStatus = "failed"  // out of tries
	PuzzleGaveUp  PuzzleStatus = "gave_up" // asked for the answer
)

// Over reports whether the attempt has ended.
func (s PuzzleStatus) Over() bool { return s != PuzzlePlaying }

// PuzzleAttempt is one user's attempt at one day's puzzle. Platform, UserID
// and Date are its key and never change.
type PuzzleAttempt struct {
	Platform string
	UserID   string
	// Date is the puzzle's UTC day, "2006-01-02".
	Date string
	// PuzzleID is the puzzle's id, to notice a puzzle that changed under
	// the attempt (a new generator).
	PuzzleID string
	// Channel is where the attempt started: the channel leaderboard counts
	// it there.
	Channel string
	// Name is how to show the user (their display name).
	Name string
	// Moves are the moves of the current try, in notation ("3"); none may
	// be empty or hold spaces.
	Moves []string
	// Tries counts the tries started, the current one included (at least 1).
	Tries  int
	Status PuzzleStatus
	// Version counts the attempt's writes; PutPuzzleAttempt compares it. A
	// new attempt has Version 0.
	Version int64
	// StartedAt is when the attempt was created, UpdatedAt when it was last
	// written, FinishedAt when it ended (zero while playing).
	StartedAt, UpdatedAt, FinishedAt time.Time
}

// PuzzleStreak is a user's record at the daily puzzles.
type PuzzleStreak struct {
	// Current counts the consecutive UTC days solved up to today, or up to
	// yesterday while today's is not solved yet; 0 otherwise.
	Current int
	// Best is the longest run of consecutive days ever solved.
	Best int
	// Solved counts the puzzles solved.
	Solved int
}

// PuzzleRank is one line of a puzzle leaderboard.
type PuzzleRank struct {
	UserID string
	// Name is the user's name in their newest attempt.
	Name string
	// Solved counts the puzzles solved (in the channel, for a channel's
	// leaderboard); Tries is the tries those took in all.
	Solved, Tries int
	// Streak is the user's current streak, on the whole platform.
	Streak int
}
