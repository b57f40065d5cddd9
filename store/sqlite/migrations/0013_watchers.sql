-- 0013: spectators of game pages (Store.Watch, Store.Watchers). A row is
-- one viewer (an opaque id the page server chooses for a page being
-- viewed) watching a game until expires (unix milliseconds), which each
-- heartbeat moves on; the game's spectators are the rows whose expires is
-- after now. Ended watches are deleted by later heartbeats (Watch, at most
-- store.PruneBatch at a time, by expires: the index).
CREATE TABLE watchers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    viewer  TEXT    NOT NULL CHECK (length(CAST(viewer AS BLOB)) BETWEEN 1 AND 128),  -- bytes
    expires INTEGER NOT NULL,  -- the until of the last heartbeat
    PRIMARY KEY (game_id, viewer)
) STRICT;

CREATE INDEX watchers_expires ON watchers (expires);
