-- 0008: "games" and turn notifications (the PostgreSQL dialect of
-- store/migrations/0008_turn_notices.sql).
--
-- channel_places: how to reach a channel from elsewhere, as its platform
-- allows: a link that opens it (a message's link is the link, "/" and the
-- message id) and its title; written when a game is created there.
-- notify_settings: a user's "notify on|off" (no row: on).
-- turn_notices: a game's live turn notification, at most one per game: the
-- message that mentioned the player to move, deleted when the next one is
-- sent or when they move.
CREATE TABLE channel_places (
    platform TEXT NOT NULL,
    channel  TEXT NOT NULL,
    link     TEXT NOT NULL,
    title    TEXT NOT NULL,
    PRIMARY KEY (platform, channel)
);

CREATE TABLE notify_settings (
    platform TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    notify   BOOLEAN NOT NULL,
    PRIMARY KEY (platform, user_id)
);

CREATE TABLE turn_notices (
    game_id    BIGINT PRIMARY KEY REFERENCES games (id),
    user_id    TEXT   NOT NULL,
    message_id TEXT   NOT NULL
);
