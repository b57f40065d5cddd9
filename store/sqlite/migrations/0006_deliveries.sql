-- 0006: the transactional outbox. A delivery is a board the bot owes a
-- channel: written by UpdateGame in the same transaction as the game write
-- it acknowledges (a move, an undo, a game's end), deleted once a platform
-- confirmed a board of that game at that version or later. A process
-- sending one holds it until held_until; an expired hold (a process that
-- died or stopped) lets any process take it.
CREATE TABLE deliveries (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    version    INTEGER NOT NULL,  -- the game version the write made
    platform   TEXT    NOT NULL,
    channel    TEXT    NOT NULL,
    note       TEXT    NOT NULL,  -- what the write did, localized ("" when the board says it)
    holder     TEXT    NOT NULL,
    held_until INTEGER NOT NULL,  -- unix milliseconds
    created    INTEGER NOT NULL   -- unix milliseconds
) STRICT;

CREATE INDEX deliveries_game ON deliveries (game_id, version);
CREATE INDEX deliveries_channel ON deliveries (platform, channel, id);
