-- 0013: spectators of game pages (the PostgreSQL dialect of
-- store/sqlite/migrations/0013_watchers.sql): one row per viewer watching
-- a game until expires (unix milliseconds), moved on by each heartbeat;
-- ended watches are deleted by later heartbeats (at most store.PruneBatch
-- at a time, by expires: the index). Every process sees every viewer: the
-- count is the database's, not a process's.
CREATE TABLE watchers (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    viewer  TEXT   NOT NULL CHECK (octet_length(viewer) BETWEEN 1 AND 128),
    expires BIGINT NOT NULL,  -- the until of the last heartbeat
    PRIMARY KEY (game_id, viewer)
);

CREATE INDEX watchers_expires ON watchers (expires);
