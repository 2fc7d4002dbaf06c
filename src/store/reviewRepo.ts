/** SQL for hand reviews (migration 0014): one stored review per match, hand, seat and person. */
import type Database from 'better-sqlite3';

export interface StoredReview {
  readonly matchId: number;
  readonly hand: number;
  readonly seat: number;
  readonly userId: string;
  /** The review as JSON (src/review's HandReview): the app parses and checks it. */
  readonly review: string;
  readonly budgetMs: number;
  readonly createdAt: number;
}

export class ReviewRepo {
  private readonly getRow;
  private readonly putRow;

  constructor(db: Database.Database) {
    this.getRow = db.prepare<[number, number, number, string], StoredReview>(
      `SELECT match_id AS matchId, hand_number AS hand, seat, user_id AS userId, review,
              budget_ms AS budgetMs, created_at AS createdAt
       FROM hand_reviews WHERE match_id = ? AND hand_number = ? AND seat = ? AND user_id = ?`,
    );
    this.putRow = db.prepare<[number, number, number, string, string, number, number]>(
      `INSERT INTO hand_reviews (match_id, hand_number, seat, user_id, review, budget_ms, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (match_id, hand_number, seat, user_id) DO NOTHING`,
    );
  }

  get(matchId: number, hand: number, seat: number, userId: string): StoredReview | null {
    return this.getRow.get(matchId, hand, seat, userId) ?? null;
  }

  /** Keeps the first review stored for the person's seat and hand: a second, raced one changes nothing. */
  put(review: StoredReview): void {
    this.putRow.run(
      review.matchId,
      review.hand,
      review.seat,
      review.userId,
      review.review,
      review.budgetMs,
      review.createdAt,
    );
  }
}
