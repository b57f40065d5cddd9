-- 0007: Glicko-2 ratings per platform, user and variant (see
-- store/ratings.go and package rating).
--
-- ratings: a player's rating in a variant as after their last rated game
-- (the RD without the inactivity since last_game, which readers add).
CREATE TABLE ratings (
    platform   TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    variant    TEXT    NOT NULL,
    name       TEXT    NOT NULL DEFAULT '',  -- the name in the newest rated game
    rating     REAL    NOT NULL,
    rd         REAL    NOT NULL CHECK (rd > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    games      INTEGER NOT NULL CHECK (games >= 0),
    wins       INTEGER NOT NULL CHECK (wins >= 0),
    draws      INTEGER NOT NULL CHECK (draws >= 0),
    losses     INTEGER NOT NULL CHECK (losses >= 0),
    last_game  INTEGER NOT NULL,  -- unix milliseconds the newest rated game ended
    PRIMARY KEY (platform, user_id, variant)
) STRICT, WITHOUT ROWID;

-- The platform's leaderboard of a variant.
CREATE INDEX ratings_variant ON ratings (platform, variant, rating);

-- rating_changes: what each rated game did to its two players, one row per
-- seat. A game's rows are its "rated" marker: a game with rows is never
-- rated again. The channel's leaderboard ranks those who played a rated
-- game of the variant there.
CREATE TABLE rating_changes (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seat          INTEGER NOT NULL CHECK (seat IN (0, 1)),
    platform      TEXT    NOT NULL,
    channel       TEXT    NOT NULL,
    variant       TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL DEFAULT '',
    ended_at      INTEGER NOT NULL,  -- unix milliseconds
    rating_before REAL    NOT NULL,
    rd_before     REAL    NOT NULL,
    vol_before    REAL    NOT NULL,
    rating_after  REAL    NOT NULL,
    rd_after      REAL    NOT NULL,
    vol_after     REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
) STRICT, WITHOUT ROWID;

CREATE INDEX rating_changes_channel ON rating_changes (platform, channel, variant, user_id);
