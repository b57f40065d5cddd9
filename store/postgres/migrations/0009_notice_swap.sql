-- 0009: a turn notice is now the ping of a player who has left their turn
-- idle (the PostgreSQL dialect of store/migrations/0009_notice_swap.sql).
-- The game's live notice changes only by a conditional update of its
-- message id (SwapTurnNotice: a compare and swap, the caller that takes a
-- message id out of the table deleting that message). An empty message id
-- stands for "no notice" in those updates, so a row never holds one.
DELETE FROM turn_notices WHERE message_id = '';

ALTER TABLE turn_notices ADD CONSTRAINT turn_notices_message_id_check CHECK (message_id <> '');
