-- Turn timers and away seats. Each table keeps its timer setting, its one deadline (when it falls and
-- which decision it applies to: a table owes one decision at a time, or one phase of simultaneous
-- ones) and the notice of its last timeout; each seat whether it is away and how many timeouts it
-- has had in a row; and each logged action whether the normal policy made it for the seat's player
-- (their clock ran out, or they were away).
--
-- Tables opened before timers existed keep playing without one ('off'): nobody at them agreed to a
-- clock. New tables get the default from the code ('2m'), which always names the setting.

ALTER TABLE tables ADD COLUMN timer TEXT NOT NULL DEFAULT 'off'
  CHECK (timer IN ('off', '30s', '60s', '2m', '5m'));
ALTER TABLE tables ADD COLUMN deadline_at INTEGER;
ALTER TABLE tables ADD COLUMN deadline_key TEXT;
ALTER TABLE tables ADD COLUMN notice TEXT;

-- Start-up reads every armed deadline at once, without touching the tables that have none.
CREATE INDEX tables_deadline ON tables (deadline_at) WHERE deadline_at IS NOT NULL;

ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0);

ALTER TABLE events ADD COLUMN forced TEXT CHECK (forced IN ('timeout', 'away'));
