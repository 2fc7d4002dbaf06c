/** SQL for tables, their seats and players. */
import type Database from 'better-sqlite3';
import type { Settings } from '../engine/index.js';
import {
  type BotPace,
  botLevelSchema,
  botPaceSchema,
  type Deadline,
  type Occupant,
  pauseVotesSchema,
  type Seating,
  settingsSchema,
  TABLE_STATUSES,
  type TableRecord,
  type TableStatus,
  type TurnTimer,
  timeoutNoticeSchema,
  turnTimerSchema,
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
  timer: TurnTimer;
  pace: BotPace;
  deadline_at: number | null;
  deadline_key: string | null;
  notice: string | null;
  created_at: number;
  updated_at: number;
}

/** Which guilds' tables a caller takes charge of (a shard process: its own guilds only). */
export type GuildFilter = (guildId: string) => boolean;

/** Every guild: one process runs them all. */
export const everyGuild: GuildFilter = () => true;

/** A stored deadline as start-up re-arms it: the table, when it falls, and the table's timer. */
export interface ArmedDeadline {
  readonly tableId: string;
  readonly at: number;
  readonly key: string;
  readonly timer: TurnTimer;
}

interface SeatRow {
  seat: number;
  kind: 'user' | 'bot';
  user_id: string | null;
  bot_level: string | null;
  display_name: string | null;
  away: number;
  timeouts: number;
}

export class TableRepo {
  private readonly byId;
  private readonly activeInChannel;
  private readonly newestInChannel;
  private readonly ofGuild;
  private readonly seatsOf;
  private readonly insertRow;
  private readonly updateRow;
  private readonly deleteSeats;
  private readonly insertSeat;
  private readonly upsertPlayerRow;
  private readonly countRows;
  private readonly statusRows;
  private readonly pingsOf;
  private readonly hiddenOf;
  private readonly setHiddenRow;
  private readonly setPings;
  private readonly updateClockRow;
  private readonly armedRows;
  private readonly playingWithStandInsRows;
  private readonly shownInPlayRows;
  private readonly setDeadlineRow;
  private readonly updatePresenceRow;

  constructor(db: Database.Database) {
    this.byId = db.prepare<[string], TableRow>('SELECT * FROM tables WHERE id = ?');
    this.activeInChannel = db.prepare<[string], TableRow>(
      "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing', 'paused')",
    );
    this.newestInChannel = db.prepare<[string], TableRow>(
      'SELECT * FROM tables WHERE channel_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
    );
    this.ofGuild = db.prepare<[string], TableRow>(
      "SELECT * FROM tables WHERE guild_id = ? AND status IN ('lobby', 'playing', 'paused') ORDER BY created_at",
    );
    this.seatsOf = db.prepare<[string], SeatRow>(
      'SELECT s.seat, s.kind, s.user_id, s.bot_level, s.away, s.timeouts, p.display_name FROM seats s LEFT JOIN players p ON p.user_id = s.user_id WHERE s.table_id = ?',
    );
    this.insertRow = db.prepare(
      `INSERT INTO tables (id, guild_id, channel_id, host_id, message_id, status, settings, seating, match_id, pause_votes,
         timer, pace, deadline_at, deadline_key, notice, created_at, updated_at)
       VALUES (@id, @guild_id, @channel_id, @host_id, @message_id, @status, @settings, @seating, @match_id, @pause_votes,
         @timer, @pace, @deadline_at, @deadline_key, @notice, @created_at, @updated_at)`,
    );
    this.updateRow = db.prepare(
      `UPDATE tables SET host_id = @host_id, message_id = @message_id, status = @status, settings = @settings,
       seating = @seating, match_id = @match_id, pause_votes = @pause_votes, timer = @timer, pace = @pace, deadline_at = @deadline_at,
       deadline_key = @deadline_key, notice = @notice, updated_at = @updated_at WHERE id = @id`,
    );
    this.updateClockRow = db.prepare(
      'UPDATE tables SET deadline_at = ?, deadline_key = ?, notice = ?, updated_at = ? WHERE id = ?',
    );
    this.setDeadlineRow = db.prepare('UPDATE tables SET deadline_at = ?, deadline_key = ? WHERE id = ?');
    this.armedRows = db.prepare<
      [],
      { id: string; guild_id: string; deadline_at: number; deadline_key: string; timer: string }
    >(
      "SELECT id, guild_id, deadline_at, deadline_key, timer FROM tables WHERE deadline_at IS NOT NULL AND status = 'playing'",
    );
    this.shownInPlayRows = db.prepare<[number], { id: string; guild_id: string }>(
      `SELECT id, guild_id FROM tables WHERE message_id IS NOT NULL
         AND (status IN ('lobby', 'playing', 'paused') OR updated_at >= ?)
       ORDER BY updated_at DESC`,
    );
    this.playingWithStandInsRows = db.prepare<[], { id: string; guild_id: string }>(
      `SELECT DISTINCT t.id, t.guild_id FROM tables t JOIN seats s ON s.table_id = t.id
       WHERE t.status = 'playing' AND (s.kind = 'bot' OR s.away = 1)`,
    );
    this.deleteSeats = db.prepare('DELETE FROM seats WHERE table_id = ?');
    this.updatePresenceRow = db.prepare(
      'UPDATE seats SET away = ?, timeouts = ? WHERE table_id = ? AND seat = ?',
    );
    this.insertSeat = db.prepare(
      'INSERT INTO seats (table_id, seat, kind, user_id, bot_level, away, timeouts) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.upsertPlayerRow = db.prepare(
      `INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET display_name = excluded.display_name, updated_at = excluded.updated_at`,
    );
    this.countRows = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM tables');
    this.statusRows = db.prepare<[], { status: string; n: number }>(
      'SELECT status, count(*) AS n FROM tables GROUP BY status',
    );
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

  /** The channel's newest table, whatever its status (null: none was ever opened there). */
  newestIn(channelId: string): TableRecord | null {
    const row = this.newestInChannel.get(channelId);
    return row ? this.toRecord(row) : null;
  }

  activeInGuild(guildId: string): TableRecord[] {
    return this.ofGuild.all(guildId).map((row) => this.toRecord(row));
  }

  count(): number {
    return (this.countRows.get() as { n: number }).n;
  }

  /** Tables by status, every status named (0 for none): one query, for the metrics' gauge. */
  countByStatus(): Record<TableStatus, number> {
    const counts = Object.fromEntries(TABLE_STATUSES.map((status) => [status, 0]));
    for (const row of this.statusRows.all())
      if (Object.hasOwn(counts, row.status)) counts[row.status] = row.n;
    return counts as Record<TableStatus, number>;
  }

  insert(table: TableRecord): void {
    this.insertRow.run(toRow(table));
    this.writeSeats(table);
  }

  /**
   * Writes the row and its seats; the caller holds the transaction. Given the table as stored
   * (`before`), only what changed is written: the clock's columns alone when nothing else of the
   * row did (the common case after an action), no seat whose occupant is the same, and in place a
   * seat whose player only changed presence (away, timeouts in a row: what a timed-out move changes).
   */
  update(table: TableRecord, before?: TableRecord): void {
    if (before === undefined) {
      this.updateRow.run(toRow(table));
      this.writeSeats(table);
      return;
    }
    // Only the clock moved (with the seats, perhaps): the row's other columns, and the indexes on
    // them, are left as they are.
    if (clockOnly(before, table)) this.updateClock(table);
    else this.updateRow.run(toRow(table));
    if (table.seats === before.seats) return;
    const changed = table.seats.flatMap((occupant, seat) =>
      occupant === before.seats[seat] ? [] : [{ seat, occupant, was: before.seats[seat] ?? null }],
    );
    if (!changed.every(({ occupant, was }) => samePerson(occupant, was))) {
      this.writeSeats(table);
      return;
    }
    for (const { seat, occupant } of changed) {
      if (occupant?.kind !== 'user') continue;
      this.updatePresenceRow.run(occupant.away ? 1 : 0, occupant.timeouts ?? 0, table.id, seat);
    }
  }

  /**
   * Writes only the table's clock (its deadline and timeout notice): the common case after an action,
   * cheaper than rewriting the row and its seats. The caller holds the transaction.
   */
  updateClock(table: TableRecord): void {
    const row = toRow(table);
    this.updateClockRow.run(row.deadline_at, row.deadline_key, row.notice, row.updated_at, row.id);
  }

  /**
   * Playing tables where a bot or the bot policy plays a seat: start-up reads them so they move on.
   * `owns` keeps only the tables of the guilds it accepts (a shard's own).
   */
  playingWithStandIns(owns: GuildFilter = everyGuild): string[] {
    return this.playingWithStandInsRows
      .all()
      .filter((row) => owns(row.guild_id))
      .map((row) => row.id);
  }

  /**
   * Tables whose message may not show their stored state after a stop, the most recently changed
   * first (of `owns`' guilds): lobbies, playing and paused tables that have a table message, and
   * those that finished or were abandoned since `endedSince` (a stop between the commit that ended
   * a match and its message's edit left the message showing the match in play).
   */
  shownInPlay(owns: GuildFilter = everyGuild, endedSince = Number.MAX_SAFE_INTEGER): string[] {
    return this.shownInPlayRows
      .all(endedSince)
      .filter((row) => owns(row.guild_id))
      .map((row) => row.id);
  }

  /** Every deadline of a playing table (of `owns`' guilds), for start-up to arm them (tables load lazily). */
  armedDeadlines(owns: GuildFilter = everyGuild): ArmedDeadline[] {
    return this.armedRows
      .all()
      .filter((row) => owns(row.guild_id))
      .map((row) => ({
        tableId: row.id,
        at: row.deadline_at,
        key: row.deadline_key,
        timer: turnTimerSchema.parse(row.timer),
      }));
  }

  /** Moves one table's deadline (start-up: a deadline that passed while the bot was down starts again). */
  setDeadline(tableId: string, deadline: Deadline): void {
    this.setDeadlineRow.run(deadline.at, deadline.key, tableId);
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
      if (occupant.kind === 'user')
        this.insertSeat.run(
          table.id,
          seat,
          'user',
          occupant.userId,
          null,
          occupant.away ? 1 : 0,
          occupant.timeouts ?? 0,
        );
      else this.insertSeat.run(table.id, seat, 'bot', null, occupant.level, 0, 0);
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
          ? {
              kind: 'user',
              userId: s.user_id as string,
              name: s.display_name ?? 'Unknown player',
              // Only what differs from a present player with a clean record, as the app writes it.
              ...(s.away === 1 ? { away: true } : {}),
              ...(s.timeouts > 0 ? { timeouts: s.timeouts } : {}),
            }
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
      timer: turnTimerSchema.parse(row.timer),
      pace: botPaceSchema.parse(row.pace),
      deadline:
        row.deadline_at === null || row.deadline_key === null
          ? null
          : { at: row.deadline_at, key: row.deadline_key },
      notice:
        row.notice === null
          ? null
          : (timeoutNoticeSchema.parse(JSON.parse(row.notice)) as TableRecord['notice']),
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
    timer: table.timer,
    pace: table.pace,
    deadline_at: table.deadline?.at ?? null,
    deadline_key: table.deadline?.key ?? null,
    notice: table.notice === null ? null : JSON.stringify(table.notice),
    created_at: table.createdAt,
    updated_at: table.updatedAt,
  };
}

/** The same person in the seat (or the same bot), whatever their presence: no seat row to replace. */
function samePerson(a: Occupant | null, b: Occupant | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'bot' || b.kind === 'bot')
    return a.kind === b.kind && a.kind === 'bot' && b.kind === 'bot' && a.level === b.level;
  return a.userId === b.userId;
}

/** Fields that `updateClock` writes on its own (the seats are written apart). */
const CLOCK_FIELDS: ReadonlySet<string> = new Set(['deadline', 'notice', 'updatedAt', 'seats']);

function clockOnly(before: TableRecord, after: TableRecord): boolean {
  for (const key of Object.keys(after) as Array<keyof TableRecord>)
    if (!CLOCK_FIELDS.has(key) && after[key] !== before[key]) return false;
  return true;
}
