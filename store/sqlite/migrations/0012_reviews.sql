-- 0012: stored reviews (Store.SaveReview, Store.Review). A game's review
-- is computed once per length of its history and kept: data is the
-- encoded review of the game as it was at moves plies, opaque to the
-- store, at most 1 MiB (store.MaxReviewSize). The first write of a
-- (game, length) wins. An undo that shortens the history deletes the
-- reviews of the longer lengths (UpdateGame). saved_at is when it was
-- stored, unix milliseconds.
CREATE TABLE reviews (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    moves    INTEGER NOT NULL CHECK (moves >= 0),
    data     BLOB    NOT NULL CHECK (length(data) BETWEEN 1 AND 1048576),
    saved_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, moves)
) STRICT;
