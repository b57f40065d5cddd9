package bot

import "time"

// Metrics receives what the bot measures, for a metrics system (cmd/mancala
// wires it to Prometheus collectors). Its methods are called on the
// request's path, concurrently: they must be safe for concurrent use, quick,
// and should not allocate. Config.Metrics nil records nothing.
type Metrics interface {
	// MoveCommitted reports a move committed to the store: a player's
	// (byBot false) or the bot's (byBot true), d after the request that
	// led to it arrived (Request.Received). The bot's moves played by
	// Tick or Resume are timed from the start of that game's work there.
	MoveCommitted(platform string, byBot bool, d time.Duration)
	// Rendered reports an image drawn, kind RenderBoard or
	// RenderAnimation, which took d; err is the drawing's failure, if
	// any.
	Rendered(kind string, d time.Duration, err error)
	// Deduplicated reports a request dropped because its event
	// (Request.EventID) was claimed before: delivered twice, or to two
	// processes.
	Deduplicated(platform string)
}

// The kinds of image Metrics.Rendered reports.
const (
	// RenderBoard is a board image (Config.Render): a game's or a
	// puzzle's.
	RenderBoard = "board"
	// RenderAnimation is the animated GIF of a move's replay.
	RenderAnimation = "animation"
)

// noMetrics records nothing.
type noMetrics struct{}

func (noMetrics) MoveCommitted(string, bool, time.Duration) {}
func (noMetrics) Rendered(string, time.Duration, error)     {}
func (noMetrics) Deduplicated(string)                       {}

// committed records a move just committed by s: it reports its latency
// from the request's arrival and remembers when it was, for the replies
// that show it (Reply.Committed).
func (s *session) committed(byBot bool) {
	now := time.Now()
	s.b.metrics.MoveCommitted(s.req.Platform, byBot, now.Sub(s.arrived))
	s.lastCommit = now
}

// timed runs f, which draws an image of kind, and reports its time and
// failure to Metrics.
func (s *session) timed(kind string, f func() error) error {
	t0 := time.Now()
	err := f()
	s.b.metrics.Rendered(kind, time.Since(t0), err)
	return err
}
