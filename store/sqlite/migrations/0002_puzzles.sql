-- 0002: daily puzzle attempts, one per user and UTC day.
--
-- An attempt is keyed by (platform, user_id, date). channel is where it
-- started (the channel leaderboard counts it there, wherever the later
-- moves came from); name is the user's display name then. moves holds the
-- moves of the current try, space separated; tries counts the tries
-- started (the current one included). version works like games.version:
-- PutPuzzleAttempt compares it.

CREATE TABLE puzzle_attempts (
    platform    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    date        TEXT    NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    puzzle_id   TEXT    NOT NULL DEFAULT '',
    channel     TEXT    NOT NULL,
    name        TEXT    NOT NULL DEFAULT '',
    moves       TEXT    NOT NULL DEFAULT '',
    tries       INTEGER NOT NULL CHECK (tries >= 1),
    status      TEXT    NOT NULL CHECK (status IN ('playing', 'solved', 'failed', 'gave_up')),
    version     INTEGER NOT NULL CHECK (version >= 1),
    started_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    finished_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (platform, user_id, date)
) STRICT, WITHOUT ROWID;

-- Streaks and the global leaderboard: each user's solved days, in order.
CREATE INDEX puzzle_attempts_solved ON puzzle_attempts (platform, user_id, date)
    WHERE status = 'solved';

-- The channel leaderboard: the solved attempts started in a channel.
CREATE INDEX puzzle_attempts_channel ON puzzle_attempts (platform, channel, user_id)
    WHERE status = 'solved';
