-- Rating changes: each person's rating (the openskill ordinal of the server, as leaderboards rank
-- it) before and after a rated match, on their result row, written with the new ratings in the
-- match's last transaction. NULL for unrated matches, for bots, and for matches rated before this
-- migration (their ratings before are not known).
ALTER TABLE match_players ADD COLUMN rating_before REAL;
ALTER TABLE match_players ADD COLUMN rating_after REAL;
