-- Hand reviews (docs/review.md): computed once, on the first request of a seat's holder, and read
-- from here after. A review is derived data (the match's seed and logged actions rebuild it), kept
-- so that a second request costs nothing. `review` is the HandReview JSON; `user_id` is whose
-- decisions it reviewed (a seat taken over mid-hand has two people's decisions, each their own
-- review), `budget_ms` the budget it ran with.
CREATE TABLE hand_reviews (
  match_id INTEGER NOT NULL REFERENCES matches (id),
  hand_number INTEGER NOT NULL CHECK (hand_number >= 1),
  seat INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
  user_id TEXT NOT NULL,
  review TEXT NOT NULL CHECK (json_valid(review)),
  budget_ms INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (match_id, hand_number, seat, user_id)
) STRICT;
