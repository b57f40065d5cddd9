-- 0003: one language per table.
--
-- games.lang is the language a game's public messages are written in,
-- fixed when the game is created ('' for games created before this
-- migration: the bot then falls back to the requesting user's language).
-- channel_languages holds a channel's language as set by someone allowed to
-- manage the channel ("lang channel ru"); it wins over games.lang.

ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT '';

CREATE TABLE channel_languages (
    platform TEXT NOT NULL,
    channel  TEXT NOT NULL,
    lang     TEXT NOT NULL,
    PRIMARY KEY (platform, channel)
);
