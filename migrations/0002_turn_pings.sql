-- Players can turn off the "your turn" message that mentions them.
ALTER TABLE players ADD COLUMN turn_pings INTEGER NOT NULL DEFAULT 1 CHECK (turn_pings IN (0, 1));
