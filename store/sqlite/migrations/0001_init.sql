-- 0001: games, their moves, and users' languages.
--
-- Timestamps are INTEGER unix milliseconds UTC; 0 stands for the zero
-- time.Time ("not yet"). Tables are STRICT so a wrongly typed value fails
-- instead of being stored as something else.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    platform      TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    variant       TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),  -- JSON object of strings
    start         TEXT    NOT NULL DEFAULT '',  -- position JSON, '' for the variant's start
    south_user_id TEXT    NOT NULL DEFAULT '',  -- '' for the bot or an empty seat
    south_name    TEXT    NOT NULL DEFAULT '',
    south_level   TEXT    NOT NULL DEFAULT '',  -- the bot's level when it plays the seat
    north_user_id TEXT    NOT NULL DEFAULT '',
    north_name    TEXT    NOT NULL DEFAULT '',
    north_level   TEXT    NOT NULL DEFAULT '',
    challenger    TEXT    NOT NULL DEFAULT '',
    phase         TEXT    NOT NULL CHECK (phase IN ('challenge', 'playing', 'over')),
    result        TEXT    NOT NULL DEFAULT '',  -- south_won, north_won, draw, or ''
    reason        TEXT    NOT NULL DEFAULT '',
    draw_offer    INTEGER NOT NULL DEFAULT -1 CHECK (draw_offer IN (-1, 0, 1)),
    undo_offer    INTEGER NOT NULL DEFAULT -1 CHECK (undo_offer IN (-1, 0, 1)),
    message_id    TEXT    NOT NULL DEFAULT '',
    version       INTEGER NOT NULL CHECK (version >= 1),
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    turn_started  INTEGER NOT NULL DEFAULT 0,
    reminded      INTEGER NOT NULL DEFAULT 0
) STRICT;

-- One live game (a challenge or a game in play) per channel. CreateGame and
-- UpdateGame map a violation to ErrChannelBusy.
CREATE UNIQUE INDEX games_live_channel ON games (platform, channel)
    WHERE phase IN ('challenge', 'playing');

-- LastGame: the channel's newest finished game.
CREATE INDEX games_over_channel ON games (platform, channel, created_at)
    WHERE phase = 'over';

-- IdleGames: games in play by when the turn started.
CREATE INDEX games_playing_turn ON games (turn_started)
    WHERE phase = 'playing';

-- Record: a user's finished games, by seat.
CREATE INDEX games_over_south ON games (platform, south_user_id)
    WHERE phase = 'over' AND south_user_id <> '';
CREATE INDEX games_over_north ON games (platform, north_user_id)
    WHERE phase = 'over' AND north_user_id <> '';

CREATE TABLE moves (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL CHECK (ply >= 0),
    move    TEXT    NOT NULL,
    user_id TEXT    NOT NULL DEFAULT '',  -- '' for the bot
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TABLE user_languages (
    platform TEXT NOT NULL,
    user_id  TEXT NOT NULL,
    lang     TEXT NOT NULL,
    PRIMARY KEY (platform, user_id)
) STRICT, WITHOUT ROWID;
