-- Ratings, per-player aggregates kept in the same transaction as each match result, and the
-- indexes that keep leaderboards, statistics and history fast as matches pile up.

ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE matches ADD COLUMN hands_played INTEGER NOT NULL DEFAULT 0;
ALTER TABLE match_players ADD COLUMN bombs INTEGER NOT NULL DEFAULT 0;

-- An openskill rating per player and server (mu, sigma); ordinal = mu - 3 sigma ranks them.
CREATE TABLE ratings (
  guild_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES players (user_id),
  mu REAL NOT NULL,
  sigma REAL NOT NULL,
  ordinal REAL NOT NULL,
  rated_matches INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (guild_id, user_id)
) STRICT;

CREATE INDEX ratings_board ON ratings (guild_id, ordinal DESC);

-- Running totals per player and server, updated with each finished match (bots have none).
CREATE TABLE player_stats (
  guild_id TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES players (user_id),
  matches INTEGER NOT NULL DEFAULT 0,
  wins INTEGER NOT NULL DEFAULT 0,
  hands INTEGER NOT NULL DEFAULT 0,
  points INTEGER NOT NULL DEFAULT 0,
  tichu_calls INTEGER NOT NULL DEFAULT 0,
  tichu_made INTEGER NOT NULL DEFAULT 0,
  grand_calls INTEGER NOT NULL DEFAULT 0,
  grand_made INTEGER NOT NULL DEFAULT 0,
  double_victories INTEGER NOT NULL DEFAULT 0,
  bombs INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (guild_id, user_id)
) STRICT;

CREATE INDEX player_stats_wins ON player_stats (guild_id, wins DESC);
CREATE INDEX match_players_user_recent ON match_players (guild_id, user_id, finished_at DESC);
CREATE INDEX tables_channel ON tables (channel_id);
