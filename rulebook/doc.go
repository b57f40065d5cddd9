// Package rulebook holds the worked examples the bot shows with a variant's
// rules explanation (the chat command "rules VARIANT"): for each section of
// the explanation (sowing, captures, the variant's special rules, the end),
// a concrete move in a concrete position, drawn as a diagram of the board
// before and after ([Example.PNG]) or animated seed by seed
// ([Example.GIF]); [SheetPNG] draws a variant's examples as one image,
// numbered, so that a chat gets one picture for the whole explanation.
//
// [Examples] returns them for a variant and its options, in the order of
// the explanation's sections; each [Example] names its Section (the
// locales catalog's heading key is "rules_h_" + Section) and the
// [Feature] its move shows. [Example.Check] proves an example: the move is
// legal, seeds are conserved, and the move does what the feature says (a
// capture example captures, the feeding example's move is the only legal
// one, the tuzdyk example makes a tuzdyk...). Examples returns only
// examples that pass it.
//
// The examples per variant, on the standard boards:
//
//	kalah    sowing (a lap of 14 seeds), extra (last seed in the store),
//	         capture (or, with empty_capture, the lone-seed capture),
//	         swap (with pie), end (a side runs out, the rest is swept)
//	oware    sowing (13 seeds, the origin skipped), capture (a chain of
//	         three pits), feeding (the only move that feeds), grand_slam
//	         (as the grand_slam option says: captured and the game ends,
//	         played without capture, or forced)
//	togyz    sowing, capture (even), tuzdyk (made), tuzdyk (a seed
//	         deposited through one, then a capture)
//	congkak  sowing (with or without relay), relay (with relay), extra,
//	         capture
//	tchuka   sowing (last seed in the store), last_seed (relay), last_seed
//	         (stranded: failed), end (solved), found from the start
//	bao-kenya  sowing (20 seeds, the origin skipped), extra, capture, end
//	bao-laps   sowing (ending on the opponent's side), laps (relays),
//	           capture, end
//	bao-kujifunza  capture (sown on from a kichwa), takasa (a relay,
//	         nothing captured)
//
// The hand-picked positions are in examples.go, each described there; on
// other board sizes the examples are found by playing seeded random games.
// The package imports engine and render only; the bot adds the words.
package rulebook
