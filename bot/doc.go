// Package bot is the platform-neutral chat bot: it takes commands from a
// chat (Discord, Telegram or the terminal), drives the engine, keeps every
// game in a [store.Store] keyed by channel, and answers with localized text, a board
// image and buttons, as values the adapters translate.
//
// An adapter turns a platform event into a [Request], calls [Bot.Handle]
// and sends the [Reply] values it gets back; on a timer it calls [Bot.Tick]
// and [Bot.Owed] and sends the [Outgoing] messages they return. [New] takes
// a [Config]; only its Store is required.
//
// # A request's path through Handle
//
//  1. Dedup. A request with an EventID is claimed in the store
//     (Store.ClaimEvent) as a lease of Config.EventLease, and marked
//     finished when Handle returns (Store.FinishEvent): a redelivered
//     event, or one another process already took, gets no reply at all;
//     one whose handling has not finished, within the lease, is left for
//     the platform to deliver again (Request.InProgress), and taken over
//     after it. A claim that cannot be written fails the request rather
//     than risk handling it twice.
//  2. Throttle (throttle.go). Typed commands that are neither part of
//     playing a game nor a setting (see [Urgent], [Command]) are paced per
//     user, buttons and puzzle answers never: one short notice, then
//     silence until the pace drops.
//  3. Router (router.go). A session is opened for the request (its user,
//     channel and language). A pressed button is parsed and dispatched by
//     its action's row of buttonActions (buttons.go); else the text is
//     parsed into a command and its arguments ("3" alone is a move) and
//     looked up in [Commands], whose rows carry the handlers (the feature
//     functions) and the arguments' schema the adapters build their
//     command menus and options from.
//  4. Mutate. A handler that changes a game does it in session.mutate: it
//     reads the channel's live game, rebuilds the engine state from the
//     stored history, runs the change, and writes it back with
//     Store.UpdateGame. A write that players must see also stores, in the
//     same write, the delivery of its board (the outbox, outbox.go). A
//     conflict with a concurrent request retries from a fresh read, up to
//     three times. The board's image is drawn while the store commits
//     (prerender.go).
//  5. The bot's chain. When the bot is to move next, session.botMoves plays
//     its moves until a person is to move or the game ends, committing
//     each through mutate. Every move of that chain (extra turns, an
//     opponent's pass, a new round, the bots' seats at a table) shares
//     one budget, Config.ThinkTime: each move may use most of what is
//     left, and with too little left the bot plays its quick move
//     (session.think), so a reply never fails nor waits for want of time.
//     The [Opponent] (package search's levels, wired in by cmd/mancala)
//     chooses the moves. The chain is one search of the search pool
//     (searchpool.go): it waits, fairly, for one of Config.SearchWorkers
//     workers, and its budget counts from when it has one; when the user
//     already has a search running or waiting and the bot can send later
//     (Config.Deliver), the request is answered at once, privately, and
//     the board with the chain follows through Deliver (session.botTurn,
//     botturn.go).
//  6. Replies. The handler returns its replies: text, the board
//     ([Board]), buttons, Private for the requester only. A reply that
//     shows an owed board carries Ack, which the adapter calls once the
//     platform accepted it, confirming the delivery. With
//     Config.TurnNotices the reply that deletes the game's turn notice
//     is added (notices.go).
//
// A refusal becomes a private reply in the requester's language; an
// internal error is logged and answered with a generic message, never its
// detail.
//
// # Background work
//
// [Bot.Tick], called every minute or so, pings the player to move who has
// left the turn idle for Config.NotifyAfter (with TurnNotices; once per
// turn, a [Notice]), and finishes the bot's moves in games where the bot
// has been to move for five minutes (a reply lost to a crash). A player
// may claim a game the opponent left idle for Config.ClaimAfter ("claim",
// commands.go: a request, not Tick). [Bot.Resume] makes, at start-up,
// every bot move that is due.
// A review runs after Handle returns and is sent with Config.Deliver
// (background.go, review.go); [Bot.Stop] and [Bot.Wait] end that work.
//
// # The outbox
//
// A move is never left unshown. The process that made a write holds its
// delivery for Config.DeliveryHold while its reply goes out. A reply that
// never went out (crash, stop, the platform refused it) leaves the
// delivery owed: [Bot.Owed], called every few seconds in every process,
// takes the owed deliveries whose hold has expired and returns the game's
// current board, whose Ack confirms them. Sending a board again is harmless.
//
// # Files
//
//   - bot.go: [Config], [Bot], Handle, the session and mutate; reply.go:
//     [Request], [Reply] and the values adapters translate; router.go: the
//     command table. The store interface is [store.Store] (package
//     store, with the SQLite and PostgreSQL backends under it).
//   - game.go: new games, challenges and moves, the bot's chain;
//     commands.go: resign, draw, undo, rematch, claim, board, rules;
//     games.go, seats.go and table.go: games in many channels, seats and
//     tables of more than two; buttons.go: button data.
//   - puzzle.go and puzzle_explain.go: the daily puzzle; ratings.go;
//     replay.go: the animated replay; review.go: the post-game review.
//   - notices.go: turn notices; idle.go: Tick and Resume; outbox.go:
//     Owed and Ack; background.go: work after Handle; throttle.go.
//   - damaged.go: games that no longer load; prerender.go and narrate.go:
//     the board image and the text of a move; opponent.go: the built-in
//     [SimpleOpponent]; levelname.go: level names (move labels, turn
//     order and render options are internal/boardview's, shared with web);
//     metrics.go: the [Metrics] the bot reports to.
package bot
