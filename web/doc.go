// Package web serves the game pages: every game that started has a page
// at PUBLIC_URL + "/g/" + its page id (store.Game.PageID, unguessable), with
// the replay of its moves, the review when one is stored, the record and
// the images, and, while the game is played, a live view for spectators.
//
// # Routes
//
//	GET /g/{id}                 the page (?ply=N: the position after move N;
//	                            ?lang=xx: one of en, ru, da, pl)
//	GET /g/{id}.json            the game as JSON (players, options, moves)
//	GET /g/{id}/board/{ply}.png the board after ply N, drawn by package render
//	                            as the bot draws it (the move that led to it
//	                            marked; ?lang=xx for the names drawn on it)
//	GET /g/{id}/move/{ply}.gif  the sowing of move N (1..moves) animated
//	GET /g/{id}/events          server-sent events while the game is played
//	GET /g/{id}.txt             the record (Config.Record: package record)
//	GET /g/{id}.gif             the whole game (Config.GameGIF: render.GameGIF)
//	GET /static/...             the embedded stylesheet and script
//
// The record and the GIF are served and linked only when their functions
// are configured; see docs/pages.md.
//
// Ply 0 is the start; ply N the position after the N-th stored move (a
// seat leaving a table, the pseudo-move "out:SEAT", counts as one).
//
// # What is served to whom
//
// A game is found by its page id only: unknown, malformed or forged ids,
// and games that never started (a challenge, declined or withdrawn), get
// the same 404 with a generic body; nothing says whether a game exists.
// Every answer carries a strict Content-Security-Policy (no inline script
// or style: the page's script and stylesheet are files under /static/),
// X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer and
// X-Frame-Options: DENY. Names and every other stored text are escaped by
// html/template.
//
// Answers of a game carry a strong ETag made of the page id, the game's
// version and what else they depend on (the ply, the language, whether a
// review is stored); If-None-Match is answered 304. A finished game's
// images never change: they are cacheable for a year; pages are revalidated
// (no-cache), since a review may be stored after the game ended.
//
// Each client (by the connection's remote address; a proxy in front must
// be trusted to pass distinct clients, see docs/pages.md) has a token
// bucket: Config.Rate requests a second, bursts of Config.Burst; past it
// 429 with Retry-After.
//
// # Live games
//
// A live page opens /g/{id}/events. Each stream polls the store for the
// game's version every Config.Poll (the store is the only source: several
// processes sharing PostgreSQL all serve the pages) and sends an event
// "game" with {"version", "moves", "phase"} when it changes, and
// "watchers" with the number of spectators when that changes. Each stream
// records its viewer with Store.Watch every Config.WatchEvery, valid for
// three periods, so that Watchers counts the pages open in every process.
// The stream ends with an event "end" when the game is over.
//
// # Texts
//
// The page's texts are in locales (text/<lang>/page.toml and the review's
// texts of review.toml), in the language the browser asks for
// (Accept-Language) when it is one of the four, else the game's table
// language, else English.
//
// # Stable hooks for tests
//
// The page template (assets/page.html) lists the element ids and data
// attributes the browser tests rely on: #board, #position, #turn, #first,
// #prev, #next, #last, [data-ply] (move list), [data-graph-ply] (graph
// points), #watchers.
package web
