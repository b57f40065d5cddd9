-- 0011: every game has a page id (the PostgreSQL dialect of
-- store/sqlite/migrations/0011_page_ids.sql): 22 characters of base64url
-- holding 16 bytes from crypto/rand, unique. As in SQLite, the migration
-- only adds the column; Open gives every game without one its id from Go
-- right after the migrations (fillPageIDs), and CreateGame sets it for
-- every new game. A row may hold NULL only when written by a program older
-- than page ids (during a rolling upgrade): the next Open fills it in.
ALTER TABLE games ADD COLUMN page_id TEXT CHECK (page_id IS NULL OR length(page_id) = 22);

-- GameByPage; and no two games share a page id. NULLs are distinct.
CREATE UNIQUE INDEX games_page ON games (page_id);
