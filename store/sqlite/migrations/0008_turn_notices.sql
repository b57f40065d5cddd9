-- 0008: "games" and turn notifications.
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
) STRICT;

CREATE TABLE notify_settings (
    platform TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    notify   INTEGER NOT NULL, -- 1 on, 0 off
    PRIMARY KEY (platform, user_id)
) STRICT;

CREATE TABLE turn_notices (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id),
    user_id    TEXT    NOT NULL,
    message_id TEXT    NOT NULL
) STRICT;
