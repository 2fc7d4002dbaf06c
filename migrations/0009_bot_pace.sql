-- How quickly a table's bots move while a person watches (BOT_PACE_MS halved, as it is, or doubled).
-- Tables opened before it move at the normal pace, as a new table does by default.

ALTER TABLE tables ADD COLUMN pace TEXT NOT NULL DEFAULT 'normal'
  CHECK (pace IN ('quick', 'normal', 'slow'));
