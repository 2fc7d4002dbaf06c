/**
 * SQL that reads a match's log for its results and history: who played each bomb and made each
 * call (the user logged with the action: the seat's holder then), and where each hand ended.
 */
import type Database from 'better-sqlite3';

export interface LoggedCall {
  readonly hand: number;
  readonly seat: number;
  /** Who made it (null: a bot seat). */
  readonly userId: string | null;
  readonly type: 'tichu' | 'grandTichu';
}

export class MatchLogRepo {
  private readonly bombRows;
  private readonly callRows;
  private readonly handEndRows;

  constructor(db: Database.Database) {
    this.bombRows = db.prepare<[number], { seat: number; userId: string | null; n: number }>(
      `SELECT e.seat, e.user_id AS userId, count(*) AS n FROM events e, json_each(e.events) j
       WHERE e.match_id = ? AND json_extract(j.value, '$.type') = 'played'
         AND json_extract(j.value, '$.combo.type') IN ('fourOfAKind', 'straightFlush')
       GROUP BY e.seat, e.user_id`,
    );
    this.callRows = db.prepare<[number], LoggedCall>(
      `SELECT hand_number AS hand, seat, user_id AS userId, json_extract(action, '$.type') AS type FROM events
       WHERE match_id = ? AND (json_extract(action, '$.type') = 'tichu'
         OR (json_extract(action, '$.type') = 'grandTichu' AND json_extract(action, '$.call') = 1))
       ORDER BY version`,
    );
    this.handEndRows = db.prepare<[number], { hand: number; version: number }>(
      'SELECT hand_number AS hand, max(version) AS version FROM events WHERE match_id = ? GROUP BY hand_number',
    );
  }

  /** Bombs played in a match by each seat's holder at the time (a null user: a bot seat). */
  bombsByPlayer(matchId: number): Array<{ seat: number; userId: string | null; n: number }> {
    return this.bombRows.all(matchId);
  }

  /** Every Tichu and Grand Tichu call of a match, in order. */
  calls(matchId: number): LoggedCall[] {
    return this.callRows.all(matchId);
  }

  /** The version of the action that ended each hand (the last logged in it), by hand number. */
  handEnds(matchId: number): Map<number, number> {
    return new Map(this.handEndRows.all(matchId).map((r) => [r.hand, r.version]));
  }
}
