-- The expert bot level (issue 29): seats and seat holders may name it. SQLite cannot change a
-- column's check in place, so both tables are rebuilt with their rows, columns and indexes as they
-- were, the check widened by one level.

CREATE TABLE seats_with_expert (
  table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  kind TEXT NOT NULL CHECK (kind IN ('user', 'bot')),
  user_id TEXT REFERENCES players (user_id),
  bot_level TEXT CHECK (bot_level IN ('easy', 'normal', 'hard', 'expert')),
  away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
  timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
  PRIMARY KEY (table_id, seat),
  CHECK ((kind = 'user') = (user_id IS NOT NULL)),
  CHECK ((kind = 'bot') = (bot_level IS NOT NULL))
) STRICT;

INSERT INTO seats_with_expert (table_id, seat, kind, user_id, bot_level, away, timeouts)
  SELECT table_id, seat, kind, user_id, bot_level, away, timeouts FROM seats;

DROP TABLE seats;
ALTER TABLE seats_with_expert RENAME TO seats;

CREATE UNIQUE INDEX seats_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE seat_holders_with_expert (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  since_version INTEGER NOT NULL CHECK (since_version >= 0),
  user_id TEXT REFERENCES players (user_id),
  bot_level TEXT CHECK (bot_level IN ('easy', 'normal', 'hard', 'expert')),
  PRIMARY KEY (match_id, seat, since_version),
  CHECK ((user_id IS NULL) <> (bot_level IS NULL))
) STRICT;

INSERT INTO seat_holders_with_expert (match_id, seat, since_version, user_id, bot_level)
  SELECT match_id, seat, since_version, user_id, bot_level FROM seat_holders;

DROP TABLE seat_holders;
ALTER TABLE seat_holders_with_expert RENAME TO seat_holders;
