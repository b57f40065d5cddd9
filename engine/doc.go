// Package engine holds the rules of the mancala games the bot offers.
//
// It imports nothing else from the project and does no I/O. Everything else
// (the bot, the renderer, the search) builds on the types defined here.
//
// # Variants and rules
//
// A [Variant] is a registered game (its id, name and the options it accepts).
// [New] turns a variant id and a set of options into [Rules]: one configured
// rule set, whose [Rules.Start] returns the opening [Position].
//
//	rules, err := engine.New("kalah", engine.Options{"seeds": "6"})
//	pos := rules.Start()
//	pos, events, err := pos.PlayEvents(engine.Move{Pit: 3})
//
// Each variant lives in a file of its own (kalah.go, oware.go, togyz.go,
// namnam.go, ruma.go, ...; bao.go for the two-row Bao games), which
// registers it and whose doc comment reads as the rulebook: where the
// sources are silent or disagree, the choice made and the option that
// changes it are written there.
//
// # Orientation and notation
//
// South moves first, North second. A side's pits are numbered 1..N from that
// side's own left to right, which is the counter-clockwise sowing order along
// its own row, so South pit i faces North pit N+1-i. A move is written as the
// mover's pit number ("3"); the pie rule's swap is written "swap".
//
// # Cells
//
// Internally a position is a small array of cells: every pit and every store
// is one cell, and each variant's [Layout] says which cell is which (owner,
// pit number, place on the drawn board). For the two-row games the cells are
// South pits 1..N, South's store, North pits 1..N, North's store: exactly the
// counter-clockwise order around the board.
//
// # Positions, games and history
//
// A [Position] is a value: [Position.Play] returns a new one and leaves the
// receiver untouched. Rules that need history (Oware and bao-laps end a game
// on the third occurrence of a position, Oware with repetition=first at its
// first recurrence) are applied by [Game], which keeps the positions
// played so far. [Perft] counts move sequences, honouring those rules too.
//
// # Position identity and state outside the seeds
//
// [Position.Key] identifies a position within its rule set (cells, side to
// move, variant state, status): the search's transposition tables, the
// repetition rule and the puzzles key positions by it.
// [Rules.RepetitionLimit] says whether and when a repeated position ends a
// game. State that changes during a game outside the seed counts is read
// generically: [Position.Marks] (Togyz tuzdyks today), [Position.Hand]
// (seeds in hand), [Position.Owner] (pit ownership) and [Position.Round]
// (the round of a game of several, Oware Nam Nam), so that renderers and
// the bot need not read [Position.Extra] by name.
//
// # Two players and more
//
// Seats, statuses and turn order are generic over the number of players:
// [Side.Next], [Won], [Status.Winner], [Layout.Sides], [Position.Owner].
// What is written for two players only (one side and "the other", 1-side,
// toMove&1): the variants' own files (kalah.go, oware.go, togyz.go), the
// end-of-game helpers decideByStores and endByRepetition in position.go
// (the bigger of two stores wins), and with the latter the repetition rule
// as Game and Perft apply it. The search (package search) is two-player
// only as well, but for its paranoid levels (search/paranoid.go). A game
// of more players brings its own settle and ending, its turn order
// ([TurnOrder], [RumaNext]) and seats that leave ([Position.Leave],
// [Position.Out]): Ruma (ruma.go), four seats on a square board
// ([Layout.Sides] 4, penalty pits as [PenaltyCell]).
//
// # Events
//
// [Position.PlayEvents] also returns what happened during a move, seed by
// seed: the pick-up, every seed sown, relays, captures, tuzdyk creation,
// extra turns, the end-of-game sweep. The renderer animates them and the bot
// describes them. The hot path ([Rules.Apply] with a nil event list) records
// nothing and allocates nothing.
//
// # Adding a variant
//
// A variant is a set of files of its own; each registers its piece in an
// init function, and no shared file is edited. Two tests read the
// registries at run time and fail, naming the variant and the piece, for
// every piece missing: engine's TestEveryVariantHasItsTests (the test-only
// pieces) and TestEveryVariantRegistered at the root of the repository
// (go test . ; registry_test.go). docs/contributing.md gives the same
// checklist with the test that catches each step.
//
//  1. engine/<id>.go: an init that calls register with the Variant (ID as
//     in the spec; Name; Players; Order, its place in lists, unique;
//     Aliases, other names people use; Options with a Doc each;
//     BoardBytes: SmallBoardBytes for two rows, LargeBoardBytes for more
//     rows or four seats) and a build func; register panics without
//     BoardBytes or Order, or on a taken id, Order or alias. The rules type
//     embeds base and implements Start, AppendMoves (at most MaxMoves
//     moves; append whole moves), Check (a Reason for every refusal: one
//     of errors.go's, or the variant's own declared in its file with
//     newReason, its message key and English text), Apply (nothing
//     allocated with a nil event list) and settle; extra and setExtra for
//     the state kept in Position.aux, documented in the file's doc comment
//     as position JSON keys. Every bit of state outside the cells goes in
//     aux, which Position.Key hashes (grow aux, and Key with it, if eight
//     bytes are not enough). Override appendMarks (a new MarkKind: draw it
//     in render/render.go stateOf), hand (and count hand seeds in Seeds)
//     and owner when the variant has them, RepetitionLimit when a repeated
//     position ends the game; implement Passer when a player who cannot
//     move passes.
//  2. engine/<id>_test.go: its tests, and an init registering its perft
//     rows (addPerft, confirmed by the reference), a BenchmarkPerft row
//     (addBench) and its Fuzz<Variant> target (addFuzz; the target runs
//     fzRun with the id); engine/reference_<id>_test.go: the reference
//     implementation, registered with AddReference.
//  3. locales/rules_<id>.go: registerRules with the rule set; and, in each
//     language, text/<lang>/game_<id>.toml: variant_<id>, the
//     rules_<id>_* texts, opt_<id>-<option> (or the shared opt_<option>),
//     optdoc_ and, for enum options, optval_ keys, and the err_ keys of
//     the variant's own reasons. The options themselves are read from the
//     engine: there is no copy to update.
//  4. rulebook/examples_<id>.go: registerExamples with the examples and
//     what they show with the default options (a new Feature registers
//     its check there with registerFeature).
//  5. search/internal/generic/eval_<id>.go: registerEval with the evaluation (evalPlain is
//     a valid choice; solitaires are solved, not searched).
//  6. render: nothing when the Layout fits the generic drawing; the
//     registry test draws the start position.
//  7. Optional: daily puzzles (puzzle/bestmove.go twoPlayers and the
//     schedule in puzzle/puzzle.go, an editorial choice); the variants
//     table in docs/variants.md.
package engine
