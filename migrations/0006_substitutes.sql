-- Substitutes and idle lobbies.
--
-- seat_holders: who held each seat of a match, from which state version on (the first row of a seat
-- is at version 0; a substitute adds one). Statistics credit each hand to the seat's holder when it
-- ended, and a match with more than one holder in any seat is not rated. Matches still being played
-- (or paused) get their current seats as their holders from the start; finished ones keep their
-- result rows, which already name their players.
CREATE TABLE seat_holders (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  since_version INTEGER NOT NULL CHECK (since_version >= 0),
  user_id TEXT REFERENCES players (user_id),
  bot_level TEXT CHECK (bot_level IN ('easy', 'normal', 'hard')),
  PRIMARY KEY (match_id, seat, since_version),
  CHECK ((user_id IS NULL) <> (bot_level IS NULL))
) STRICT;

INSERT INTO seat_holders (match_id, seat, since_version, user_id, bot_level)
  SELECT t.match_id, s.seat, 0, s.user_id, s.bot_level FROM tables t JOIN seats s ON s.table_id = t.id
  WHERE t.status IN ('playing', 'paused') AND t.match_id IS NOT NULL;

-- seat_requests: someone not seated asks to take an away or bot seat; the host (or every other
-- person present) approves. One request per seat and one per person at a table; a request belongs
-- to one match (a new match forgets it). `nonce` names it on its buttons, so an old button of a
-- declined request cannot approve a new one.
CREATE TABLE seat_requests (
  table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  user_id TEXT NOT NULL REFERENCES players (user_id),
  nonce TEXT NOT NULL,
  approvals TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  PRIMARY KEY (table_id, seat)
) STRICT;

CREATE UNIQUE INDEX seat_requests_user ON seat_requests (table_id, user_id);

-- match_players: one row per person (or bot) who held a seat, not one per seat. SQLite cannot drop a
-- primary key, so the table is rebuilt; each seat keeps at most one row per person, and one for bots.
CREATE TABLE match_players_by_holder (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  guild_id TEXT NOT NULL,
  user_id TEXT REFERENCES players (user_id),
  is_bot INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
  team INTEGER NOT NULL CHECK (team IN (0, 1)),
  won INTEGER NOT NULL CHECK (won IN (0, 1)),
  team_score INTEGER NOT NULL,
  opponent_score INTEGER NOT NULL,
  hands_played INTEGER NOT NULL,
  tichu_calls INTEGER NOT NULL,
  tichu_made INTEGER NOT NULL,
  grand_calls INTEGER NOT NULL,
  grand_made INTEGER NOT NULL,
  double_victories INTEGER NOT NULL,
  finished_at INTEGER NOT NULL,
  bombs INTEGER NOT NULL DEFAULT 0,
  CHECK ((is_bot = 1) = (user_id IS NULL))
) STRICT;

INSERT INTO match_players_by_holder (match_id, seat, guild_id, user_id, is_bot, team, won, team_score,
    opponent_score, hands_played, tichu_calls, tichu_made, grand_calls, grand_made, double_victories,
    finished_at, bombs)
  SELECT match_id, seat, guild_id, user_id, is_bot, team, won, team_score, opponent_score, hands_played,
    tichu_calls, tichu_made, grand_calls, grand_made, double_victories, finished_at, bombs
  FROM match_players ORDER BY match_id, seat;

DROP TABLE match_players;
ALTER TABLE match_players_by_holder RENAME TO match_players;

CREATE UNIQUE INDEX match_players_holder ON match_players (match_id, seat, ifnull(user_id, ''));
CREATE INDEX match_players_user ON match_players (guild_id, user_id);
CREATE INDEX match_players_user_recent ON match_players (guild_id, user_id, finished_at DESC);

-- A lobby nobody touches for 24 hours closes itself: its deadline lives where a match's does, keyed
-- 'idle'. Lobbies opened before this get theirs from their last change.
UPDATE tables SET deadline_at = updated_at + 86400000, deadline_key = 'idle' WHERE status = 'lobby';
