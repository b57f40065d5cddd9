// Package render draws board images: the PNG the bot posts under every move.
//
// [Board] draws a position into an *image.RGBA and [PNG] encodes it. Both
// work for every variant the engine registers, because the picture is laid
// out from the variant's [engine.Layout] alone (its rows, columns, pits and
// stores), never from the variant's id: a one-row solitaire, the two-row
// games and the four-row Bao boards all come out of the same code.
//
// # What the image shows
//
// The image carries digits and drawn symbols only, no words, so one picture
// serves players of every language; the one exception is the players'
// names ([Options.Names]), which are theirs. Seen from South's seat
// (South's rows at the bottom):
//
//   - every pit is a dark round well with its seed count in big bold digits
//     (an empty pit shows a dimmed 0) and, while they fit (up to 15, and
//     only while their ring clears the digits: on the wider boards, where
//     the digits are larger, only around one-digit counts), the seeds
//     themselves as beads evenly spaced around the rim;
//   - every store is a tall rounded well at an end of the board, spanning
//     all rows, with its count (the score) in the middle and its seeds
//     drawn above and below the number while they fit (up to 67 on
//     a two-row board); a store is edged in its owner's colour (South sky
//     blue, North orange). A one-row board's store is a rounded square with
//     the count high and the seeds settled below it;
//   - each pit's number in its owner's numbering (1..N) is a small label in
//     the owner's colour, below the row for South's rows, above it for
//     North's, so players can map the move buttons to pits; four-row boards
//     get a label row per row of pits;
//   - the side to move has its rows and store tinted in its colour and a
//     triangle in front of its pit 1, pointing the way its pits are
//     numbered;
//   - with [Options.Names], each player's name in the side's colour on a
//     row of its own: North's above North's labels from the left (over its
//     store), South's below South's labels to the right (under its store);
//     a long name is cut with an ellipsis, characters the font lacks
//     (emoji, CJK) are drawn as a box;
//   - a finished game (the position's status, or [Options.Status] for a
//     resignation, an agreed draw, a time claim) has no turn marker or
//     tint; it shows a gold crown by the winner's store (under South's,
//     over North's, next to the name) and rings that store gold, and a
//     gold "=" by both stores for a draw; a solved solitaire shows a
//     crown, a failed one a cross;
//   - a tuzdyk (Togyz Kumalak, Position.Marks, MarkTuzdyk) is a pit tinted
//     purple with a diamond in its owner's colour instead of a count (a
//     tuzdyk is always empty); the owner's colour says whose it is;
//   - with [Options.Events] (the last move's events): the pit the move
//     started from has a thick yellow ring and a yellow label, relay pits
//     (where sowing picked up again) a dashed ring, every cell sown into a
//     thin ring, all white; a pit captured from carries a vermillion badge "−n" with
//     the seeds taken, a pit swept at the end of the game a grey one; a
//     store that gained seeds carries a green "+n"; a new tuzdyk is ringed
//     like a start pit; a pie-rule swap shows a white double arrow by the
//     swapping side's store.
//
// The palette (see the comment on the colours in draw.go) stays
// distinguishable with the common forms of colour blindness, on a dark
// slate board: South sky blue, North orange, the last move white, captures
// dark vermillion; every mark also differs in shape (ring, dashed ring,
// badge, triangle, crown, diamond), not only in colour.
//
// The layout comes from [engine.Layout] alone: each row's owner is the
// owner of its pits, rows of different owners are set a little apart, and
// stores (Row -1) span all rows at their column. Cells whose row is out of
// range are drawn as stores; events naming cells outside the layout are
// ignored.
//
// # Size
//
// The pitch (the distance between pit centres) is about 1000 px divided by
// the number of columns plus a half, kept between 96 and 128 px, so a Kalah
// board is 982×399 px, Congkak 979×355, Togyz Kumalak 1087×325 and the
// Tchuka Ruma solitaire 681×231; names add a row of about half a pitch
// above and below. [Options.Scale] multiplies everything. [Size] tells the
// size without drawing.
//
// A phone shows a chat image about 360 px wide, so a pit's count is drawn
// large enough to be at least 14 px tall at that width (the font grows
// with the image's width in pitches: Kalah's counts are 39 px tall in 982,
// Togyz Kumalak's 43 in 1087); the side margins are thin for the same
// reason. TestPhoneDigits holds every registered variant to it.
//
// # PNG and speed
//
// [PNG] quantizes the board to its 128 commonest colours (every flat colour
// stays exact) and encodes it with klauspost/compress's zlib at its fastest
// level (about twice as fast as compress/zlib's, for about the same size):
// 10 to 25 KB per board (up to 40 KB for Bao's and Ruma's four rows).
//
// The parts of a board that depend only on the layout, the scale and whose
// turn it is (background, board, tint, empty wells) are drawn once and
// cached (at most 64 geometries and 48 MB of such images), and so are the
// highlight rings and the pit numbers drawn over them (by cell and colour)
// and the masks of the digits (by sub-pixel position), so a render draws
// only seeds, counts and marks; the caches change no pixel. Drawing, quantizing and encoding a Kalah board
// take about 2 ms.
//
// # Moves: diagrams and animations
//
// [Diagram] draws one move as a single PNG for the rules explanations: the
// board before (the move's pit ringed) above a white arrow with the pit's
// number, and the board after with the move's marks, stacked so the image
// keeps one board's width; [DiagramSize] tells its size. [DiagramSheet]
// draws several moves' diagrams in one PNG, each under a white disc with
// its number (1, 2, ...), stacked for one or two and in two columns from
// three, so a rules explanation is one chat message, not four;
// [DiagramSheetSize] tells its size.
//
// [Animation] draws the last move as an animated GIF, seed by seed: the
// position before, then one frame per event that changes the board (pick-up,
// every seed sown, deposit, relay, capture, tuzdyk, swap, sweep), the cell
// each step acts on lit from inside, the last frame being the board after
// exactly as Board draws it, held for 3 s. [AnimationFrames] counts the
// frames. The frames are replayed from the events on the position before
// (the events account for every seed), share one 64-colour palette
// (memoised per colour) and hold only the rectangle that changed, its
// unchanged pixels transparent: about 29 KB and 15 ms for a Kalah capture,
// 54 KB and 70 ms for a 20-seed Togyz Kumalak move, at the default scale
// of 0.6.
//
// # Concurrency
//
// The embedded Go Bold font is parsed once; font faces, which are not safe
// for concurrent use, are made per render. The caches are safe for
// concurrent use and never written after they are built. Every exported
// function may be called from any number of goroutines at once.
package render
