-- The weekly challenge (docs/playing.md, "Weekly challenge"): each server's boards of the week, the
-- same eight deals for every member, played alone with three normal bots at their own pace, each
-- board scored by matchpoints against everyone on the server who played it.

-- When a server's week turns (UTC): default Monday 00:00. A change applies from the next week: the
-- week under way (its row below) keeps the end it was given.
CREATE TABLE challenge_settings (
  guild_id TEXT PRIMARY KEY,
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
  hour INTEGER NOT NULL CHECK (hour BETWEEN 0 AND 23),
  updated_at INTEGER NOT NULL
) STRICT;

-- A server's week, made on its first use: [starts_at, ends_at), and a fresh random seed (never
-- derived from anything public: the boards must not be computable ahead). `closed_at` is set once
-- the week is closed: entries still playing were ended, and its boards, results and matches opened.
CREATE TABLE challenge_weeks (
  guild_id TEXT NOT NULL,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL CHECK (ends_at > starts_at),
  seed TEXT NOT NULL,
  closed_at INTEGER,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (guild_id, starts_at)
) STRICT;
CREATE INDEX challenge_weeks_open ON challenge_weeks (ends_at) WHERE closed_at IS NULL;

-- One entry per member and week: the private thread made for it, its table and match once opened.
-- pending: asked for, its thread or table not made yet; playing; finished: all eight boards played;
-- ended: stopped before (the member ended the table, or the week closed): its boards played count.
CREATE TABLE challenge_entries (
  guild_id TEXT NOT NULL,
  week_start INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  name TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  thread_id TEXT,
  table_id TEXT REFERENCES tables (id),
  match_id INTEGER REFERENCES matches (id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'playing', 'finished', 'ended')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  finished_at INTEGER,
  PRIMARY KEY (guild_id, week_start, user_id),
  FOREIGN KEY (guild_id, week_start) REFERENCES challenge_weeks (guild_id, starts_at)
) STRICT;
CREATE UNIQUE INDEX challenge_entries_table ON challenge_entries (table_id) WHERE table_id IS NOT NULL;
CREATE UNIQUE INDEX challenge_entries_match ON challenge_entries (match_id) WHERE match_id IS NOT NULL;

-- Each board a member played: N-S's hand score minus E-W's (the member sits North), written when
-- the hand ends (from its `hands` row). Standings read these rows and nothing else.
CREATE TABLE challenge_results (
  guild_id TEXT NOT NULL,
  week_start INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  board INTEGER NOT NULL CHECK (board BETWEEN 1 AND 8),
  ns_diff INTEGER NOT NULL,
  PRIMARY KEY (guild_id, week_start, board, user_id),
  FOREIGN KEY (guild_id, week_start, user_id) REFERENCES challenge_entries (guild_id, week_start, user_id)
) STRICT;
