-- Each bot seat keeps its level (easy, normal or hard). SQLite cannot add a check across columns to
-- an existing table, so the seats table is rebuilt; the bots seated before levels existed played
-- at random, and become 'normal', the level a host gets by default.

CREATE TABLE seats_with_levels (
  table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  kind TEXT NOT NULL CHECK (kind IN ('user', 'bot')),
  user_id TEXT REFERENCES players (user_id),
  bot_level TEXT CHECK (bot_level IN ('easy', 'normal', 'hard')),
  PRIMARY KEY (table_id, seat),
  CHECK ((kind = 'user') = (user_id IS NOT NULL)),
  CHECK ((kind = 'bot') = (bot_level IS NOT NULL))
) STRICT;

INSERT INTO seats_with_levels (table_id, seat, kind, user_id, bot_level)
  SELECT table_id, seat, kind, user_id, CASE kind WHEN 'bot' THEN 'normal' END FROM seats;

DROP TABLE seats;
ALTER TABLE seats_with_levels RENAME TO seats;

CREATE UNIQUE INDEX seats_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;
