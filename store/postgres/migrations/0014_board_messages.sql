-- 0014: the message showing each game's public board in its channel (the
-- PostgreSQL dialect of store/sqlite/migrations/0014_board_messages.sql):
-- one row per game, the board's version and the platform's message id; a
-- write of an older version than the row's changes nothing.
CREATE TABLE board_messages (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    message_id TEXT   NOT NULL CHECK (octet_length(message_id) BETWEEN 1 AND 64)
);
