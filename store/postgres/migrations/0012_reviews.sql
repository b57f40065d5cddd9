-- 0012: stored reviews (the PostgreSQL dialect of
-- store/sqlite/migrations/0012_reviews.sql). data is the encoded review of
-- the game as it was at moves plies, opaque to the store, at most 1 MiB
-- (store.MaxReviewSize); the first write of a (game, length) wins; an undo
-- that shortens the history deletes the reviews of the longer lengths.
CREATE TABLE reviews (
    game_id  BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    moves    INTEGER NOT NULL CHECK (moves >= 0),
    data     BYTEA   NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 1048576),
    saved_at BIGINT  NOT NULL,
    PRIMARY KEY (game_id, moves)
);
