/** SQL for tables, their seats and players. */
import type Database from 'better-sqlite3';
import type { Settings } from '../engine/index.js';
import {
  botLevelSchema,
  type Occupant,
  pauseVotesSchema,
  type Seating,
  settingsSchema,
  type TableRecord,
  type TableStatus,
} from './records.js';

interface TableRow {
  id: string;
  guild_id: string;
  channel_id: string;
  host_id: string;
  message_id: string | null;
  status: TableStatus;
  settings: string;
  seating: Seating;
  match_id: number | null;
  pause_votes: string;
  created_at: number;
  updated_at: number;
}

interface SeatRow {
  seat: number;
  kind: 'user' | 'bot';
  user_id: string | null;
  bot_level: string | null;
  display_name: string | null;
}

export class TableRepo {
  private readonly byId;
  private readonly activeInChannel;
  private readonly ofGuild;
  private readonly seatsOf;
  private readonly insertRow;
  private readonly updateRow;
  private readonly deleteSeats;
  private readonly insertSeat;
  private readonly upsertPlayerRow;
  private readonly countRows;
  private readonly pingsOf;
  private readonly hiddenOf;
  private readonly setHiddenRow;
  private readonly setPings;

  constructor(db: Database.Database) {
    this.byId = db.prepare<[string], TableRow>('SELECT * FROM tables WHERE id = ?');
    this.activeInChannel = db.prepare<[string], TableRow>(
      "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing', 'paused')",
    );
    this.ofGuild = db.prepare<[string], TableRow>(
      "SELECT * FROM tables WHERE guild_id = ? AND status IN ('lobby', 'playing', 'paused') ORDER BY created_at",
    );
    this.seatsOf = db.prepare<[string], SeatRow>(
      'SELECT s.seat, s.kind, s.user_id, s.bot_level, p.display_name FROM seats s LEFT JOIN players p ON p.user_id = s.user_id WHERE s.table_id = ?',
    );
    this.insertRow = db.prepare(
      `INSERT INTO tables (id, guild_id, channel_id, host_id, message_id, status, settings, seating, match_id, pause_votes, created_at, updated_at)
       VALUES (@id, @guild_id, @channel_id, @host_id, @message_id, @status, @settings, @seating, @match_id, @pause_votes, @created_at, @updated_at)`,
    );
    this.updateRow = db.prepare(
      `UPDATE tables SET host_id = @host_id, message_id = @message_id, status = @status, settings = @settings,
       seating = @seating, match_id = @match_id, pause_votes = @pause_votes, updated_at = @updated_at WHERE id = @id`,
    );
    this.deleteSeats = db.prepare('DELETE FROM seats WHERE table_id = ?');
    this.insertSeat = db.prepare(
      'INSERT INTO seats (table_id, seat, kind, user_id, bot_level) VALUES (?, ?, ?, ?, ?)',
    );
    this.upsertPlayerRow = db.prepare(
      `INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, updated_at = excluded.updated_at`,
    );
    this.countRows = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM tables');
    this.hiddenOf = db.prepare<[string], { hidden: number }>('SELECT hidden FROM players WHERE user_id = ?');
    this.setHiddenRow = db.prepare(
      `INSERT INTO players (user_id, display_name, hidden, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET hidden = excluded.hidden, updated_at = excluded.updated_at`,
    );
    this.pingsOf = db.prepare<[string], { turn_pings: number }>(
      'SELECT turn_pings FROM players WHERE user_id = ?',
    );
    this.setPings = db.prepare(
      `INSERT INTO players (user_id, display_name, turn_pings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET turn_pings = excluded.turn_pings, updated_at = excluded.updated_at`,
    );
  }

  get(id: string): TableRecord | null {
    const row = this.byId.get(id);
    return row ? this.toRecord(row) : null;
  }

  activeInChannelId(channelId: string): TableRecord | null {
    const row = this.activeInChannel.get(channelId);
    return row ? this.toRecord(row) : null;
  }

  activeInGuild(guildId: string): TableRecord[] {
    return this.ofGuild.all(guildId).map((row) => this.toRecord(row));
  }

  count(): number {
    return (this.countRows.get() as { n: number }).n;
  }

  insert(table: TableRecord): void {
    this.insertRow.run(toRow(table));
    this.writeSeats(table);
  }

  /** Writes the row and its seats; the caller holds the transaction. */
  update(table: TableRecord): void {
    this.updateRow.run(toRow(table));
    this.writeSeats(table);
  }

  upsertPlayer(userId: string, displayName: string, now: number): void {
    this.upsertPlayerRow.run(userId, displayName, now, now);
  }

  isHidden(userId: string): boolean {
    return this.hiddenOf.get(userId)?.hidden === 1;
  }

  setHidden(userId: string, displayName: string, hidden: boolean, now: number): void {
    this.setHiddenRow.run(userId, displayName, hidden ? 1 : 0, now, now);
  }

  /** Whether the player wants "your turn" messages (yes unless they turned them off). */
  turnPings(userId: string): boolean {
    return (this.pingsOf.get(userId)?.turn_pings ?? 1) === 1;
  }

  setTurnPings(userId: string, displayName: string, on: boolean, now: number): void {
    this.setPings.run(userId, displayName, on ? 1 : 0, now, now);
  }

  private writeSeats(table: TableRecord): void {
    this.deleteSeats.run(table.id);
    table.seats.forEach((occupant, seat) => {
      if (!occupant) return;
      if (occupant.kind === 'user') this.insertSeat.run(table.id, seat, 'user', occupant.userId, null);
      else this.insertSeat.run(table.id, seat, 'bot', null, occupant.level);
    });
  }

  private toRecord(row: TableRow): TableRecord {
    const seats: [Occupant | null, Occupant | null, Occupant | null, Occupant | null] = [
      null,
      null,
      null,
      null,
    ];
    for (const s of this.seatsOf.all(row.id)) {
      seats[s.seat] =
        s.kind === 'user'
          ? { kind: 'user', userId: s.user_id as string, name: s.display_name ?? 'Unknown player' }
          : { kind: 'bot', level: botLevelSchema.parse(s.bot_level) };
    }
    return {
      id: row.id,
      guildId: row.guild_id,
      channelId: row.channel_id,
      hostId: row.host_id,
      messageId: row.message_id,
      status: row.status,
      settings: settingsSchema.parse(JSON.parse(row.settings)) as Settings,
      seating: row.seating,
      matchId: row.match_id,
      pauseVotes: pauseVotesSchema.parse(JSON.parse(row.pause_votes)),
      seats,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}

function toRow(table: TableRecord): TableRow {
  return {
    id: table.id,
    guild_id: table.guildId,
    channel_id: table.channelId,
    host_id: table.hostId,
    message_id: table.messageId,
    status: table.status,
    settings: JSON.stringify(table.settings),
    seating: table.seating,
    match_id: table.matchId,
    pause_votes: JSON.stringify(table.pauseVotes),
    created_at: table.createdAt,
    updated_at: table.updatedAt,
  };
}
