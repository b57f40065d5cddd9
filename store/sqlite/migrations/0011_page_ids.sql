-- 0011: every game has a page id (store.Game.PageID): 22 characters of
-- base64url holding 16 bytes from crypto/rand, unique, naming the game's
-- public page in links. SQLite's randomblob() is not a cryptographic
-- generator, so this migration only adds the column: Open gives every game
-- without one its id from Go right after the migrations (fillPageIDs), and
-- CreateGame sets it for every new game. A row may hold NULL only between
-- the two (or when written by a program older than page ids).
ALTER TABLE games ADD COLUMN page_id TEXT CHECK (page_id IS NULL OR length(page_id) = 22);

-- GameByPage; and no two games share a page id. NULLs are distinct.
CREATE UNIQUE INDEX games_page ON games (page_id);
