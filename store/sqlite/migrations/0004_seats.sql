-- 0004: seats. A game has as many seats as its variant (two, or four for
-- Ruma), so the fixed south_*/north_* columns become a table with one row
-- per seat. seat is the index in store.Game.Players: the engine side the
-- player was given at the start (0 South, 1 North, 2 East, 3 West). Every
-- existing game keeps its two players: south becomes seat 0, north seat 1.
-- Results and statistics are unchanged (they are computed from seats).

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    user_id TEXT    NOT NULL DEFAULT '',  -- '' for the bot or an empty seat
    name    TEXT    NOT NULL DEFAULT '',
    level   TEXT    NOT NULL DEFAULT '',  -- the bot's level when it plays the seat
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

INSERT INTO seats (game_id, seat, user_id, name, level)
    SELECT id, 0, south_user_id, south_name, south_level FROM games;
INSERT INTO seats (game_id, seat, user_id, name, level)
    SELECT id, 1, north_user_id, north_name, north_level FROM games;

-- Record and Leaderboard: a user's seats.
CREATE INDEX seats_user ON seats (user_id, game_id) WHERE user_id <> '';

-- Record: finished games by platform (the seat columns' indexes go).
DROP INDEX games_over_south;
DROP INDEX games_over_north;
CREATE INDEX games_over_platform ON games (platform, channel) WHERE phase = 'over';

ALTER TABLE games DROP COLUMN south_user_id;
ALTER TABLE games DROP COLUMN south_name;
ALTER TABLE games DROP COLUMN south_level;
ALTER TABLE games DROP COLUMN north_user_id;
ALTER TABLE games DROP COLUMN north_name;
ALTER TABLE games DROP COLUMN north_level;
