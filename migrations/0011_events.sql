-- Events: a club's Tichu night (docs/playing.md, "Events and seasons"). The SQL names say
-- "club_event" because `events` is the match log. An event owns its rounds' tables, each an ordinary
-- table (and match) in a thread of the event's channel; the boards' results are read from those
-- matches' hands, so nothing here copies a score that could disagree with the log.
CREATE TABLE club_events (
  id TEXT PRIMARY KEY,
  guild_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  message_id TEXT,
  host_id TEXT NOT NULL,
  format TEXT NOT NULL CHECK (format IN ('rotating', 'duplicate')),
  -- Boards (hands) per round, and rounds.
  hands INTEGER NOT NULL CHECK (hands BETWEEN 1 AND 32),
  rounds INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 40),
  -- JSON: the table options (timer, Grand Tichu), the victory-point scheme, rated.
  options TEXT NOT NULL,
  -- Every round's boards derive from it: every table of a duplicate round plays the same.
  seed TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('checkin', 'running', 'finished', 'cancelled')),
  -- The round being played (1-based); 0 before the start.
  round INTEGER NOT NULL DEFAULT 0,
  season_id INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX club_events_guild ON club_events (guild_id, status);

-- Who checked in (and out): `partner_id` names the partner a duplicate pair checked in with.
CREATE TABLE club_event_players (
  event_id TEXT NOT NULL REFERENCES club_events (id),
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  partner_id TEXT,
  checked_in INTEGER NOT NULL CHECK (checked_in IN (0, 1)),
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, user_id)
) STRICT;

-- A round's tables: who sits where (JSON: four user ids, null for a bot), the duplicate pairs, the
-- thread and the table once created. A round is over when every one of them is.
CREATE TABLE club_event_tables (
  event_id TEXT NOT NULL REFERENCES club_events (id),
  round INTEGER NOT NULL,
  number INTEGER NOT NULL,
  seats TEXT NOT NULL,
  ns_pair INTEGER,
  ew_pair INTEGER,
  thread_id TEXT,
  table_id TEXT REFERENCES tables (id),
  -- closed: the host ended the round before this table finished (its missing boards are averaged).
  status TEXT NOT NULL CHECK (status IN ('pending', 'playing', 'finished', 'closed')),
  PRIMARY KEY (event_id, round, number)
) STRICT;
CREATE UNIQUE INDEX club_event_tables_table ON club_event_tables (table_id) WHERE table_id IS NOT NULL;

-- Who sat out a round of a rotating event (they score the round's average).
CREATE TABLE club_event_sitouts (
  event_id TEXT NOT NULL REFERENCES club_events (id),
  round INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  PRIMARY KEY (event_id, round, user_id)
) STRICT;

-- Board summaries posted to the event's channel (posted once every table played the board).
CREATE TABLE club_event_posts (
  event_id TEXT NOT NULL REFERENCES club_events (id),
  round INTEGER NOT NULL,
  board INTEGER NOT NULL,
  posted_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, round, board)
) STRICT;

-- Each person's placing in a finished event, for the season's event standings (/leaderboard
-- by:events): `points` = the entries in the event's final standings minus the rank plus one (ties
-- share a rank), an entry being a player (rotating), a pair (duplicate) or a team (two tables);
-- everyone of an entry gets its points. Bots get none.
CREATE TABLE club_event_placings (
  event_id TEXT NOT NULL REFERENCES club_events (id),
  guild_id TEXT NOT NULL,
  season_id INTEGER,
  user_id TEXT NOT NULL,
  rank INTEGER NOT NULL,
  field INTEGER NOT NULL,
  points INTEGER NOT NULL,
  PRIMARY KEY (event_id, user_id)
) STRICT;
CREATE INDEX club_event_placings_guild ON club_event_placings (guild_id, season_id, user_id);
