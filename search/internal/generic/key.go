package generic

import "github.com/mancala-bot/mancala/engine"

// pkey identifies a position for the transposition tables and the
// repetition rule: the engine's [engine.Position.Key], two independent
// 64-bit hashes of the cells, the side to move, the variant state kept
// outside the cells (the pie rule's swap, Togyz tuzdyks) and the status.
// The tables index by A and compare both.
type pkey = engine.Key
