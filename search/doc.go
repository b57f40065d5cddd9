// Package search plays and solves the engine's games: the bot's levels, an
// analysis of a position's moves, an exact solver, and the endgame
// databases and opening book that make the strongest level exact.
//
// # Public surface
//
// Callers use little of the package:
//
//   - [Level] and its methods [Level.Move], [Level.Choose] (the move with a
//     [Decision]: whether its value is exact) and their *From forms for a
//     position and its history; [Levels] and [ParseLevel].
//   - [Prepare] loads or builds, ahead of the first move, the database a
//     game's levels will read, so that the bot's first such move does not
//     wait for it.
//   - [Analyze] scores every move of a position within [Limits] ("mancala
//     analyze"); [ScoreMoves] (score.go) scores them at a fixed depth, for
//     the post-game review (package review).
//   - [Solve] returns a position's exact value and a best move
//     ([SolveOptions], [Result]); [SolveSolitaire] does so for the
//     one-player games.
//   - [BuildKalahBook] and [BuildOwareDB] write the large Kalah opening
//     book and Oware databases ("mancala book kalah", "mancala book oware");
//     [OwareEndgame], [OwareMajority] and [ProveOwareStrategy] answer
//     questions about Oware endgames; [PlayMatch] plays levels against each
//     other.
//
// Errors are the variables [ErrGameOver], [ErrNotKalah], [ErrOwareDBNotBuilt]
// and the others declared in analyze.go, plus the context's.
//
// # Levels
//
// Beginner, Easy and Medium score every move at a fixed depth (two, three
// and five plies) and pick at random among the moves not too far below the
// best, drawn from the seed and the position, so that a game replays the
// same. Hard and Expert search a node budget (40 000 and 1 500 000
// positions) and play the best move found. Perfect plays the exact
// solution when it finds one within its budget and Expert's move
// otherwise. No level thinks longer than [MaxThink] nor past its context's
// deadline; the bot (package bot) passes a deadline from its
// Config.ThinkTime, which every move of one reply's chain shares. Games of
// more than two seats are played by a paranoid search (paranoid.go),
// solitaires by [SolveSolitaire]. [ExactFromStart] and [ExactInEndgames]
// tell where Perfect is exact; the [Level] comment has the details.
//
// # The generic search
//
// Every variant can be searched through the engine's Rules, by package
// search/internal/generic: one search state (search.go) shared by the
// heuristic search (ab.go: principal variation alpha-beta, transposition
// table tt.go, quiescence on captures and extra turns, values in
// hundredths of a seed) and the exact one (MTD(f) in search.go, values in
// seeds). It applies the variant's repetition rule along each line. Each
// variant's evaluation is in its own eval_<variant>.go there, which
// registers it in init (registerEval; [HasEval] reports a registered one);
// eval.go holds the shared terms and the registry. This package drives it
// through its small surface (generic.New, Searcher.Search, ScoreMoves,
// Solve): [Analyze] and the levels deepen it, [ScoreMoves] scores moves
// with it, [Solve] proves values with it.
//
// # The Kalah solver, databases and book
//
// Kalah of any size has a dedicated solver, in package
// search/internal/kalah, on a compact board (kboard.go): ksolve.go is
// MTD(f) with iterative deepening, its transposition table (ktt.go),
// enhanced transposition cutoffs and optional helper threads. Below it,
// kalahdb.go holds the endgame database: the exact value of every board
// with at most k seeds in the pits, built by retrograde analysis one seed
// count at a time, one byte a board (six pits: 30 MB for 16 seeds, 86 MB
// for 18, 226 MB for 20). Perfect uses [PerfectDBSeeds] (built on first
// use in about ten seconds), or the largest one found in the cache, up to
// [DefaultDBSeeds]. Perfect's opening book holds the proven value and
// best pit of every board Perfect can meet from the start whose solve
// would not fit in its budget: its entries and file format are the kalah
// package's (book.go); in this package kalahbook.go builds it
// ([BuildKalahBook], with Perfect's budget) and reads it from the cache,
// and kalahperfect.go ties them together for Perfect's move; solve.go is
// [Solve] for every game, which hands Kalah to the dedicated solver and
// turns its board values into the position's (its progress reaches
// [SolveOptions.Progress] through the small kalah.Progress interface).
//
// # The Oware databases
//
// Package search/internal/oware holds Oware's endgame databases (one per
// grand-slam rule; not for cross-sowing): for every board of up to k seeds, the proven bounds of what
// the side to move gains until the board is cleared (the majority rule
// left out: it never changes who wins), built by repeated sweeps since
// Oware play can cycle; where the bounds meet the value is exact (about a
// third of the 12-seed boards). The bot builds [OwareDBSeeds] (12 seeds,
// 10.8 MB, about 12 seconds) on first use; on use it builds at most 14
// seeds (39 MB, about a minute). The larger ones, up to [MaxOwareDBSeeds]
// (20 seeds, 903 MB), are built only by [BuildOwareDB] ("mancala book
// oware"); [OwarePerfectSeeds] names the one in use. In this package,
// oware.go holds those and Perfect's lookup, and owareanswer.go,
// owaremajority.go and owareproof.go answer questions from the databases.
//
// # The cache
//
// Databases and books are kept on disk in [CacheDir]: the
// MANCALA_CACHE_DIR environment variable, else "mancala" under the user's
// cache directory. Files carry a CRC-32 checked when they load; they are
// written atomically, mapped read-only where the system allows, and the
// tables built in memory ask for huge pages on Linux: package
// search/internal/dbfile does these for both games.
//
// # Which package holds what
//
// Package search is the public surface and everything that needs the
// levels' budgets; the internal packages below it do one job each, and
// none of them imports search:
//
//   - search: the levels (level.go), [Solve] (solve.go) and its
//     [Progress] (progress.go), [Analyze] (analyze.go), [PlayMatch]
//     (match.go), the solitaires (solitaire.go), the games of more than
//     two seats (paranoid.go), [ScoreMoves] (score.go), the Kalah book's build and Perfect's Kalah move
//     (kalahbook.go, kalahperfect.go), the Oware constants, build and
//     lookup (oware.go) and the Oware questions (owareanswer.go,
//     owaremajority.go, owareproof.go).
//   - search/internal/generic: the search of every two-seat variant
//     through the engine's Rules, heuristic and exact, with the variants'
//     evaluations beside it, since they read its state (the position's
//     layout, the variant's rules, the store margin) on every node. It
//     works on engine positions, not compact boards.
//   - search/internal/kalah: the compact Kalah board, the exact solver,
//     its transposition table, the Kalah endgame database and the opening
//     book's entries and file.
//   - search/internal/oware: the Oware endgame databases, on kalah's
//     boards.
//   - search/internal/dbfile: the cache directory, the atomic write of a
//     cache file, read-only mappings and huge-page tables.
//
// docs/perfect-play.md tells the story of the solver and the figures
// behind these budgets.
package search
