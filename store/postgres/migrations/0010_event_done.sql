-- 0010: an event claim is a lease until its handling finishes (the
-- PostgreSQL dialect of store/sqlite/migrations/0010_event_done.sql). done
-- is true once the handling finished (Store.FinishEvent), false while it
-- runs: an unfinished claim older than the bot's lease belongs to a
-- process that died, and the event may be claimed again when the platform
-- redelivers it. Claims made before this migration count as finished.
ALTER TABLE events ADD COLUMN done BOOLEAN NOT NULL DEFAULT TRUE;
