package bot

import "github.com/mancala-bot/mancala/engine"

// EndgameLevels is implemented by an Opponent whose strongest level plays
// exactly only near the end of some games; its name then says so.
type EndgameLevels interface {
	// EndgameSeeds returns, for a level offered under r that plays exactly
	// only in endgames it has solved, the most seeds such an endgame has
	// in the pits; 0 for a level exact from the start, or not at all.
	EndgameSeeds(r engine.Rules, level string) int
}

// levelName is a bot level's name in the session's language, as offered
// under r: "perfect play", or where that level is exact only in solved
// endgames, "expert, with perfect play in solved endgames (up to 12
// seeds left)".
func (s *session) levelName(r engine.Rules, level string) string {
	if el, ok := s.b.cfg.Opponent.(EndgameLevels); ok && r != nil {
		if n := el.EndgameSeeds(r, level); n > 0 {
			return s.t("level_perfect_endgame", map[string]any{"Count": n})
		}
	}
	return s.t("level_"+level, nil)
}
