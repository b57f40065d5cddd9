-- 0007: reserved for the ratings branch (issue #15), which owns this
-- number. This placeholder only keeps the sequence whole on the games
-- branch; at the merge it gives way to the ratings migration.
SELECT 1;
