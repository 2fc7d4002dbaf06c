-- Tables, seats, matches, hands, the append-only action log, state snapshots, players and results.
-- STRICT tables; Discord ids are TEXT; times are Unix milliseconds; JSON columns hold engine data.

CREATE TABLE players (
  user_id TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE tables (
  id TEXT PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  host_id TEXT NOT NULL,
  message_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'paused', 'finished', 'abandoned')),
  settings TEXT NOT NULL,
  seating TEXT NOT NULL CHECK (seating IN ('random', 'chosen')),
  match_id INTEGER,
  pause_votes TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

-- At most one active table per channel.
CREATE UNIQUE INDEX tables_active_channel ON tables (channel_id) WHERE status IN ('lobby', 'playing', 'paused');
CREATE INDEX tables_guild ON tables (guild_id, status);

CREATE TABLE seats (
  table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  kind TEXT NOT NULL CHECK (kind IN ('user', 'bot')),
  user_id TEXT REFERENCES players (user_id),
  PRIMARY KEY (table_id, seat),
  CHECK ((kind = 'user') = (user_id IS NOT NULL))
) STRICT;

CREATE UNIQUE INDEX seats_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE matches (
  id INTEGER PRIMARY KEY,
  table_id TEXT NOT NULL REFERENCES tables (id),
  guild_id TEXT NOT NULL,
  seed TEXT NOT NULL,
  settings TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
  score_a INTEGER NOT NULL DEFAULT 0,
  score_b INTEGER NOT NULL DEFAULT 0,
  winner INTEGER CHECK (winner IN (0, 1)),
  started_at INTEGER NOT NULL,
  ended_at INTEGER
) STRICT;

CREATE INDEX matches_table ON matches (table_id, id);
CREATE INDEX matches_guild ON matches (guild_id, status, ended_at);

CREATE TABLE hands (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  number INTEGER NOT NULL,
  seed TEXT NOT NULL,
  result TEXT,
  PRIMARY KEY (match_id, number)
) STRICT;

-- Every accepted action, in order: with the match's seed and settings it replays the match.
CREATE TABLE events (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  version INTEGER NOT NULL,
  hand_number INTEGER NOT NULL,
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  user_id TEXT,
  action TEXT NOT NULL,
  events TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (match_id, version)
) STRICT;

-- The current state of each match, written with its version in the same transaction as its event.
CREATE TABLE snapshots (
  match_id INTEGER PRIMARY KEY REFERENCES matches (id),
  version INTEGER NOT NULL,
  state TEXT NOT NULL
) STRICT;

-- Who played a match, and how it went for them: enough for leaderboards and statistics.
CREATE TABLE match_players (
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
  PRIMARY KEY (match_id, seat)
) STRICT;

CREATE INDEX match_players_user ON match_players (guild_id, user_id);
