-- 0005: events and leases, for several bot processes on one database.
-- events: the platform events already claimed by a process (Discord
-- interaction ids, Telegram update ids), so that an event delivered twice,
-- or to two processes, is handled once. A record lives store.EventLifetime;
-- older ones are pruned as new events are claimed.
CREATE TABLE events (
    platform TEXT    NOT NULL,
    event_id TEXT    NOT NULL,
    seen_at  INTEGER NOT NULL,  -- unix milliseconds of the claim
    PRIMARY KEY (platform, event_id)
) STRICT;

CREATE INDEX events_seen ON events (seen_at);

-- leases: background work one process at a time (the idle games' tick):
-- the holder until the lease expires or is taken again by its holder.
CREATE TABLE leases (
    name    TEXT    NOT NULL PRIMARY KEY,
    holder  TEXT    NOT NULL,
    expires INTEGER NOT NULL  -- unix milliseconds the lease ends
) STRICT, WITHOUT ROWID;
