/** SQL for who held each seat of a match (substitutes included) and the requests to take a seat. */
import type Database from 'better-sqlite3';
import type { Seat } from '../engine/index.js';
import {
  approvalsSchema,
  botLevelSchema,
  type Occupant,
  type SeatHolder,
  type SeatRequest,
} from './records.js';

interface HolderRow {
  seat: number;
  since_version: number;
  user_id: string | null;
  bot_level: string | null;
  display_name: string | null;
}

interface RequestRow {
  table_id: string;
  match_id: number;
  seat: number;
  user_id: string;
  display_name: string;
  nonce: string;
  approvals: string;
  created_at: number;
}

export class SeatRepo {
  private readonly holderRows;
  private readonly insertHolder;
  private readonly requestRows;
  private readonly upsertRequest;
  private readonly deleteSeatRequest;
  private readonly deleteUserRequests;
  private readonly deleteOtherMatches;

  constructor(db: Database.Database) {
    this.holderRows = db.prepare<[number], HolderRow>(
      `SELECT h.seat, h.since_version, h.user_id, h.bot_level, p.display_name FROM seat_holders h
       LEFT JOIN players p ON p.user_id = h.user_id WHERE h.match_id = ? ORDER BY h.seat, h.since_version`,
    );
    // A seat handed over twice before anyone acted keeps only the last holder of that version.
    this.insertHolder = db.prepare(
      `INSERT INTO seat_holders (match_id, seat, since_version, user_id, bot_level) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (match_id, seat, since_version) DO UPDATE SET user_id = excluded.user_id, bot_level = excluded.bot_level`,
    );
    this.requestRows = db.prepare<[string], RequestRow>(
      `SELECT r.table_id, r.match_id, r.seat, r.user_id, p.display_name, r.nonce, r.approvals, r.created_at
       FROM seat_requests r JOIN players p ON p.user_id = r.user_id WHERE r.table_id = ? ORDER BY r.seat`,
    );
    this.upsertRequest = db.prepare(
      `INSERT INTO seat_requests (table_id, match_id, seat, user_id, nonce, approvals, created_at)
       VALUES (@tableId, @matchId, @seat, @userId, @nonce, @approvals, @createdAt)
       ON CONFLICT (table_id, seat) DO UPDATE SET match_id = excluded.match_id, user_id = excluded.user_id,
         nonce = excluded.nonce, approvals = excluded.approvals, created_at = excluded.created_at`,
    );
    this.deleteSeatRequest = db.prepare('DELETE FROM seat_requests WHERE table_id = ? AND seat = ?');
    this.deleteUserRequests = db.prepare('DELETE FROM seat_requests WHERE table_id = ? AND user_id = ?');
    this.deleteOtherMatches = db.prepare('DELETE FROM seat_requests WHERE table_id = ? AND match_id <> ?');
  }

  /** Every holder of every seat of a match, by seat and then in order of taking it. */
  holders(matchId: number): SeatHolder[] {
    return this.holderRows.all(matchId).map((row) => ({
      seat: row.seat as Seat,
      since: row.since_version,
      userId: row.user_id,
      name: row.user_id === null ? null : (row.display_name ?? 'Unknown player'),
      level: row.bot_level === null ? null : botLevelSchema.parse(row.bot_level),
    }));
  }

  /** `occupant` holds `seat` from state `since` on. The caller holds the transaction. */
  addHolder(matchId: number, seat: Seat, since: number, occupant: Occupant): void {
    if (occupant.kind === 'user') this.insertHolder.run(matchId, seat, since, occupant.userId, null);
    else this.insertHolder.run(matchId, seat, since, null, occupant.level);
  }

  /** The table's pending requests, by seat (those of an earlier match included: the app judges them). */
  requests(tableId: string): SeatRequest[] {
    return this.requestRows.all(tableId).map((row) => ({
      tableId: row.table_id,
      matchId: row.match_id,
      seat: row.seat as Seat,
      userId: row.user_id,
      name: row.display_name,
      nonce: row.nonce,
      approvals: approvalsSchema.parse(JSON.parse(row.approvals)),
      createdAt: row.created_at,
    }));
  }

  /** Writes a request (a new one, or one with a new approval). The caller holds the transaction. */
  putRequest(request: SeatRequest): void {
    this.upsertRequest.run({
      tableId: request.tableId,
      matchId: request.matchId,
      seat: request.seat,
      userId: request.userId,
      nonce: request.nonce,
      approvals: JSON.stringify(request.approvals),
      createdAt: request.createdAt,
    });
  }

  deleteRequest(tableId: string, seat: Seat): void {
    this.deleteSeatRequest.run(tableId, seat);
  }

  deleteRequestsBy(tableId: string, userId: string): void {
    this.deleteUserRequests.run(tableId, userId);
  }

  /** Forgets the requests made during an earlier match of the table. */
  deleteRequestsBefore(tableId: string, matchId: number): void {
    this.deleteOtherMatches.run(tableId, matchId);
  }
}
