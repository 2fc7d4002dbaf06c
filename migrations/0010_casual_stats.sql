-- Casual statistics: /stats shows rated and casual (unrated) matches apart. player_stats keeps
-- every finished match (what the wins, win rate and Tichu boards rank); a person's casual share is
-- summed from their result rows of unrated matches, and the rated share is the rest. The rows
-- already hold every count but the team points of the hands credited to their holder: added here.
ALTER TABLE match_players ADD COLUMN points INTEGER NOT NULL DEFAULT 0;

-- Rows written before this: a seat held by one holder throughout scored its team's match score; a
-- seat that changed hands credits each hand to whoever held it when the hand ended (its last logged
-- action), as src/app/results.ts does.
UPDATE match_players SET points = CASE
  WHEN (SELECT count(*) FROM match_players o
        WHERE o.match_id = match_players.match_id AND o.seat = match_players.seat) = 1
    THEN team_score
  ELSE coalesce((
    SELECT sum(json_extract(h.result, '$.total[' || match_players.team || ']')) FROM hands h
    WHERE h.match_id = match_players.match_id AND h.result IS NOT NULL
      AND (SELECT sh.user_id FROM seat_holders sh
           WHERE sh.match_id = h.match_id AND sh.seat = match_players.seat
             AND sh.since_version < (SELECT max(e.version) FROM events e
                                     WHERE e.match_id = h.match_id AND e.hand_number = h.number)
           ORDER BY sh.since_version DESC LIMIT 1) IS match_players.user_id), 0)
END;
