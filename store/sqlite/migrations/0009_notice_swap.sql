-- 0009: a turn notice is now the ping of a player who has left their turn
-- idle (bot.Config.NotifyAfter), and the game's live notice changes only by
-- a conditional update of its message id (SwapTurnNotice: a compare and
-- swap, the caller that takes a message id out of the table deleting that
-- message). An empty message id stands for "no notice" in those updates, so
-- a row never holds one. SQLite adds a CHECK by rebuilding the table.
CREATE TABLE turn_notices_0009 (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    user_id    TEXT    NOT NULL,
    message_id TEXT    NOT NULL CHECK (message_id <> '')
) STRICT;

INSERT INTO turn_notices_0009 (game_id, user_id, message_id)
    SELECT game_id, user_id, message_id FROM turn_notices WHERE message_id <> '';

DROP TABLE turn_notices;
ALTER TABLE turn_notices_0009 RENAME TO turn_notices;
