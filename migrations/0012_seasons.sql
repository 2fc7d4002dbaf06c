-- Seasons (docs/playing.md, "Events and seasons"): a server's admin starts and ends them; without one,
-- leaderboards are all time. A season is numbered within its server (1, 2, ...), so moving a server's
-- rows to another file never meets another server's season of the same number. `ended_at` is NULL
-- while it runs; at most one runs per server. Matches are not linked to a season: the leaderboard
-- counts those whose end falls in the season's window [started_at, ended_at).
CREATE TABLE seasons (
  guild_id TEXT NOT NULL,
  id INTEGER NOT NULL CHECK (id >= 1),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
  started_at INTEGER NOT NULL,
  ended_at INTEGER CHECK (ended_at IS NULL OR ended_at >= started_at),
  PRIMARY KEY (guild_id, id)
) STRICT;

-- One running season per server, and a name used once per server (whatever its letter case).
CREATE UNIQUE INDEX seasons_running ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX seasons_name ON seasons (guild_id, lower(name));

-- A season's own openskill ratings: everyone starts fresh at the season's start, and each rated
-- match that ends while the season runs moves them, in the same transaction as the all-time ones.
CREATE TABLE season_ratings (
  guild_id TEXT NOT NULL,
  season_id INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES players (user_id),
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  ordinal REAL NOT NULL,
  rated_matches INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (guild_id, season_id, user_id),
  FOREIGN KEY (guild_id, season_id) REFERENCES seasons (guild_id, id)
) STRICT;

CREATE INDEX season_ratings_board ON season_ratings (guild_id, season_id, ordinal DESC);
-- The season boards of wins, win rate and Tichu success sum result rows by the time they ended.
CREATE INDEX match_players_guild_finished ON match_players (guild_id, finished_at);
