-- 0014: the message showing each game's public board in its channel
-- (Store.SetBoardMessage, Store.BoardMessage), so that a move made in the
-- board app edits that message instead of posting a new one. One row per
-- game: the board's version and the platform's message id; a write of an
-- older version than the row's changes nothing.
CREATE TABLE board_messages (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    message_id TEXT    NOT NULL CHECK (length(CAST(message_id AS BLOB)) BETWEEN 1 AND 64)  -- bytes
) STRICT;
