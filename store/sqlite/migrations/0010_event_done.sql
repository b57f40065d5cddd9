-- 0010: an event claim is a lease until its handling finishes. done is 1
-- once the handling finished (Store.FinishEvent), 0 while it runs: an
-- unfinished claim older than the bot's lease belongs to a process that
-- died, and the event may be claimed again when the platform redelivers
-- it. Claims made before this migration count as finished.
ALTER TABLE events ADD COLUMN done INTEGER NOT NULL DEFAULT 1;
