/**
 * SQL of events (migrations/0011_events.sql): the event, who checked in, each round's tables and
 * sit-outs, the board summaries posted; and the hands of the event's matches, from which every
 * board's result is read (never copied).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { TURN_TIMERS } from './records.js';
import { everyGuild, type GuildFilter } from './tableRepo.js';

export const EVENT_FORMATS = ['rotating', 'duplicate'] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];
export const EVENT_STATUSES = ['checkin', 'running', 'finished', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_TABLE_STATUSES = ['pending', 'playing', 'finished', 'closed'] as const;
export type EventTableStatus = (typeof EVENT_TABLE_STATUSES)[number];

export const eventOptionsSchema = z.object({
  timer: z.enum(TURN_TIMERS),
  grandTichu: z.boolean(),
  /** Victory points of a hand (rotating events). */
  vp: z.object({
    win: z.number().int(),
    tie: z.number().int(),
    loss: z.number().int(),
    doubleVictory: z.number().int(),
  }),
  /** Whether the event's matches change openskill ratings (the host's choice; off by default). */
  rated: z.boolean(),
});
export type EventOptions = z.infer<typeof eventOptionsSchema>;

export interface EventRecord {
  readonly id: string;
  readonly guildId: string;
  readonly channelId: string;
  readonly messageId: string | null;
  readonly hostId: string;
  readonly format: EventFormat;
  readonly hands: number;
  readonly rounds: number;
  readonly options: EventOptions;
  readonly seed: string;
  readonly status: EventStatus;
  readonly round: number;
  readonly seasonId: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface EventPlayer {
  readonly userId: string;
  readonly name: string;
  readonly partnerId: string | null;
  readonly checkedIn: boolean;
  readonly joinedAt: number;
}

export type EventSeats = readonly [string | null, string | null, string | null, string | null];

export interface EventTable {
  readonly eventId: string;
  readonly round: number;
  readonly number: number;
  /** The four seats' people (null: a bot plays it). */
  readonly seats: EventSeats;
  readonly nsPair: number | null;
  readonly ewPair: number | null;
  readonly threadId: string | null;
  readonly tableId: string | null;
  readonly status: EventTableStatus;
}

/** A played hand of an event table's match, as its `hands` row holds it. */
export interface EventHandRow {
  readonly tableId: string;
  readonly matchId: number;
  readonly number: number;
  readonly total: readonly [number, number];
  readonly doubleVictory: 0 | 1 | null;
}

const seatsSchema = z.tuple([
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
  z.string().nullable(),
]);

interface EventRow {
  id: string;
  guild_id: string;
  channel_id: string;
  message_id: string | null;
  host_id: string;
  format: string;
  hands: number;
  rounds: number;
  options: string;
  seed: string;
  status: string;
  round: number;
  season_id: number | null;
  created_at: number;
  updated_at: number;
}

interface TableRow {
  event_id: string;
  round: number;
  number: number;
  seats: string;
  ns_pair: number | null;
  ew_pair: number | null;
  thread_id: string | null;
  table_id: string | null;
  status: string;
}

export class EventRepo {
  private readonly insertRow;
  private readonly updateRow;
  private readonly byId;
  private readonly openInChannel;
  private readonly runningRows;
  private readonly ofGuild;
  private readonly playerRows;
  private readonly upsertPlayerRow;
  private readonly tableRows;
  private readonly insertTableRow;
  private readonly updateTableRow;
  private readonly tableOf;
  private readonly sitOutRows;
  private readonly insertSitOut;
  private readonly postRows;
  private readonly insertPost;
  private readonly handRows;
  private readonly botSeatRows;
  private readonly insertPlacing;
  private readonly hiddenRow;
  private readonly elsewhereRow;
  private readonly playRows;

  constructor(db: Database.Database) {
    this.playRows = db.prepare<
      [string, number],
      { table_id: string; table_status: string; match_status: string | null }
    >(
      `SELECT t.table_id, tb.status AS table_status, m.status AS match_status FROM club_event_tables t
       JOIN tables tb ON tb.id = t.table_id LEFT JOIN matches m ON m.id = tb.match_id
       WHERE t.event_id = ? AND t.round = ?`,
    );
    this.elsewhereRow = db.prepare<[string, string], { found: number }>(
      `SELECT 1 AS found FROM club_event_tables me
       JOIN club_event_tables o ON o.event_id = me.event_id AND o.round = me.round AND o.number <> me.number
       WHERE me.table_id = ? AND EXISTS (SELECT 1 FROM json_each(o.seats) WHERE json_each.value = ?)`,
    );
    this.hiddenRow = db.prepare<[number], { hidden: number }>(
      `SELECT 1 AS hidden FROM matches m
       JOIN club_event_tables me ON me.table_id = m.table_id
       JOIN club_events e ON e.id = me.event_id
       WHERE m.id = ? AND e.format = 'duplicate' AND EXISTS (
         SELECT 1 FROM club_event_tables o WHERE o.event_id = me.event_id AND o.round = me.round
           AND o.status IN ('pending', 'playing'))`,
    );
    this.insertPlacing = db.prepare(
      `INSERT OR REPLACE INTO club_event_placings (event_id, guild_id, season_id, user_id, rank, field, points)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertRow = db.prepare(
      `INSERT INTO club_events (id, guild_id, channel_id, message_id, host_id, format, hands, rounds, options,
         seed, status, round, season_id, created_at, updated_at)
       VALUES (@id, @guild_id, @channel_id, @message_id, @host_id, @format, @hands, @rounds, @options,
         @seed, @status, @round, @season_id, @created_at, @updated_at)`,
    );
    this.updateRow = db.prepare(
      `UPDATE club_events SET message_id = @message_id, status = @status, round = @round,
         season_id = @season_id, updated_at = @updated_at WHERE id = @id`,
    );
    this.byId = db.prepare<[string], EventRow>('SELECT * FROM club_events WHERE id = ?');
    this.openInChannel = db.prepare<[string], EventRow>(
      `SELECT * FROM club_events WHERE channel_id = ? AND status IN ('checkin', 'running')
       ORDER BY created_at DESC LIMIT 1`,
    );
    this.runningRows = db.prepare<[], EventRow>(`SELECT * FROM club_events WHERE status = 'running'`);
    this.ofGuild = db.prepare<[string, number], EventRow>(
      'SELECT * FROM club_events WHERE guild_id = ? ORDER BY created_at DESC LIMIT ?',
    );
    this.playerRows = db.prepare<
      [string],
      { user_id: string; name: string; partner_id: string | null; checked_in: number; joined_at: number }
    >(
      'SELECT user_id, name, partner_id, checked_in, joined_at FROM club_event_players WHERE event_id = ? ORDER BY joined_at, user_id',
    );
    this.upsertPlayerRow = db.prepare(
      `INSERT INTO club_event_players (event_id, user_id, name, partner_id, checked_in, joined_at)
       VALUES (@event_id, @user_id, @name, @partner_id, @checked_in, @joined_at)
       ON CONFLICT (event_id, user_id) DO UPDATE SET name = excluded.name, partner_id = excluded.partner_id,
         checked_in = excluded.checked_in, joined_at = excluded.joined_at`,
    );
    this.tableRows = db.prepare<[string], TableRow>(
      'SELECT * FROM club_event_tables WHERE event_id = ? ORDER BY round, number',
    );
    this.insertTableRow = db.prepare(
      `INSERT INTO club_event_tables (event_id, round, number, seats, ns_pair, ew_pair, thread_id, table_id, status)
       VALUES (@event_id, @round, @number, @seats, @ns_pair, @ew_pair, @thread_id, @table_id, @status)`,
    );
    this.updateTableRow = db.prepare(
      `UPDATE club_event_tables SET thread_id = @thread_id, table_id = @table_id, status = @status
       WHERE event_id = @event_id AND round = @round AND number = @number`,
    );
    this.tableOf = db.prepare<[string], TableRow>('SELECT * FROM club_event_tables WHERE table_id = ?');
    this.sitOutRows = db.prepare<[string], { round: number; user_id: string }>(
      'SELECT round, user_id FROM club_event_sitouts WHERE event_id = ? ORDER BY round, user_id',
    );
    this.insertSitOut = db.prepare(
      'INSERT OR IGNORE INTO club_event_sitouts (event_id, round, user_id) VALUES (?, ?, ?)',
    );
    this.postRows = db.prepare<[string], { round: number; board: number }>(
      'SELECT round, board FROM club_event_posts WHERE event_id = ?',
    );
    this.insertPost = db.prepare(
      'INSERT OR IGNORE INTO club_event_posts (event_id, round, board, posted_at) VALUES (?, ?, ?, ?)',
    );
    // The three numbers standings need, read by SQLite from each result's JSON (parsing 1,600 whole
    // results in JavaScript was most of an event's standings' time).
    this.handRows = db.prepare<
      [string],
      { table_id: string; match_id: number; number: number; a: unknown; b: unknown; dv: unknown }
    >(
      `SELECT t.table_id, m.id AS match_id, h.number, json_extract(h.result, '$.total[0]') AS a,
         json_extract(h.result, '$.total[1]') AS b, json_extract(h.result, '$.doubleVictory') AS dv
       FROM club_event_tables t
       JOIN matches m ON m.table_id = t.table_id
       JOIN hands h ON h.match_id = m.id
       WHERE t.event_id = ? AND h.result IS NOT NULL
       ORDER BY t.round, t.number, h.number`,
    );
    this.botSeatRows = db.prepare<[string], { table_id: string; seat: number }>(
      `SELECT DISTINCT t.table_id, sh.seat FROM club_event_tables t
       JOIN matches m ON m.table_id = t.table_id
       JOIN seat_holders sh ON sh.match_id = m.id
       WHERE t.event_id = ? AND sh.bot_level IS NOT NULL`,
    );
  }

  /** A person's placing in a finished event (see the migration for `points`). */
  addPlacing(
    event: EventRecord,
    placing: { userId: string; rank: number; field: number; points: number },
  ): void {
    this.insertPlacing.run(
      event.id,
      event.guildId,
      event.seasonId,
      placing.userId,
      placing.rank,
      placing.field,
      placing.points,
    );
  }

  /**
   * Whether a match is a duplicate round's whose round is still being played somewhere: its hands
   * would tell the tables behind how the boards went, so history shows none of it until then.
   */
  hiddenMatch(matchId: number): boolean {
    return this.hiddenRow.get(matchId) !== undefined;
  }

  /**
   * How a round's opened tables stand, in one read (settled after every hand end): each table's
   * status and its match's, by table id.
   */
  playState(eventId: string, round: number): Map<string, { table: string; match: string | null }> {
    return new Map(
      this.playRows
        .all(eventId, round)
        .map((r) => [r.table_id, { table: r.table_status, match: r.match_status }]),
    );
  }

  /** Whether `userId` sits at another table of the same event round as `tableId` (none: not an event's). */
  seatedElsewhere(tableId: string, userId: string): boolean {
    return this.elsewhereRow.get(tableId, userId) !== undefined;
  }

  /** Whether a table plays a duplicate round: its match's results are recorded when the round ends. */
  defersResults(tableId: string): boolean {
    const slot = this.ofTable(tableId);
    return slot !== null && this.get(slot.eventId)?.format === 'duplicate';
  }

  /** Whether a table plays for an event whose host chose to leave ratings alone (the default). */
  unratedEventTable(tableId: string): boolean {
    const slot = this.ofTable(tableId);
    return slot !== null && this.get(slot.eventId)?.options.rated !== true;
  }

  insert(event: EventRecord): void {
    this.insertRow.run(toRow(event));
  }

  update(event: EventRecord): void {
    this.updateRow.run(toRow(event));
  }

  get(id: string): EventRecord | null {
    const row = this.byId.get(id);
    return row ? fromRow(row) : null;
  }

  /** The channel's event checking in or running, if any (one at a time per channel). */
  openIn(channelId: string): EventRecord | null {
    const row = this.openInChannel.get(channelId);
    return row ? fromRow(row) : null;
  }

  /** Running events of `owns`' guilds (start-up carries on their rounds). */
  running(owns: GuildFilter = everyGuild): EventRecord[] {
    return this.runningRows
      .all()
      .filter((row) => owns(row.guild_id))
      .map(fromRow);
  }

  /** A server's events, newest first. */
  ofServer(guildId: string, limit: number): EventRecord[] {
    return this.ofGuild.all(guildId, limit).map(fromRow);
  }

  players(eventId: string): EventPlayer[] {
    return this.playerRows.all(eventId).map((r) => ({
      userId: r.user_id,
      name: r.name,
      partnerId: r.partner_id,
      checkedIn: r.checked_in === 1,
      joinedAt: r.joined_at,
    }));
  }

  savePlayer(eventId: string, player: EventPlayer): void {
    this.upsertPlayerRow.run({
      event_id: eventId,
      user_id: player.userId,
      name: player.name,
      partner_id: player.partnerId,
      checked_in: player.checkedIn ? 1 : 0,
      joined_at: player.joinedAt,
    });
  }

  tables(eventId: string): EventTable[] {
    return this.tableRows.all(eventId).map(fromTableRow);
  }

  insertTable(table: EventTable): void {
    this.insertTableRow.run(toTableRow(table));
  }

  updateTable(table: EventTable): void {
    this.updateTableRow.run(toTableRow(table));
  }

  /** The event table a table id plays, if it is one. */
  ofTable(tableId: string): EventTable | null {
    const row = this.tableOf.get(tableId);
    return row ? fromTableRow(row) : null;
  }

  sitOuts(eventId: string): Array<{ round: number; userId: string }> {
    return this.sitOutRows.all(eventId).map((r) => ({ round: r.round, userId: r.user_id }));
  }

  addSitOut(eventId: string, round: number, userId: string): void {
    this.insertSitOut.run(eventId, round, userId);
  }

  /** The boards whose summary went to the event's channel, as `round:board`. */
  posted(eventId: string): Set<string> {
    return new Set(this.postRows.all(eventId).map((r) => `${r.round}:${r.board}`));
  }

  /** Marks a board's summary as posted; false when it already was. */
  markPosted(eventId: string, round: number, board: number, now: number): boolean {
    return this.insertPost.run(eventId, round, board, now).changes > 0;
  }

  /** Every played hand of the event's tables' matches, in round, table and hand order. */
  hands(eventId: string): EventHandRow[] {
    return this.handRows.all(eventId).map((r) => {
      // Checked by hand, not by a schema: this runs for every hand of an event at each standings.
      const { a, b, dv } = r;
      if (typeof a !== 'number' || typeof b !== 'number' || !(dv === null || dv === 0 || dv === 1))
        throw new Error(`hand ${r.number} of match ${r.match_id} has no readable result`);
      return { tableId: r.table_id, matchId: r.match_id, number: r.number, total: [a, b], doubleVictory: dv };
    });
  }

  /** The seats a bot held at some point at each of the event's tables, by table id. */
  botSeats(eventId: string): Map<string, number[]> {
    const out = new Map<string, number[]>();
    for (const r of this.botSeatRows.all(eventId))
      out.set(r.table_id, [...(out.get(r.table_id) ?? []), r.seat]);
    return out;
  }
}

function toRow(e: EventRecord): EventRow {
  return {
    id: e.id,
    guild_id: e.guildId,
    channel_id: e.channelId,
    message_id: e.messageId,
    host_id: e.hostId,
    format: e.format,
    hands: e.hands,
    rounds: e.rounds,
    options: JSON.stringify(e.options),
    seed: e.seed,
    status: e.status,
    round: e.round,
    season_id: e.seasonId,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
  };
}

function fromRow(r: EventRow): EventRecord {
  return {
    id: r.id,
    guildId: r.guild_id,
    channelId: r.channel_id,
    messageId: r.message_id,
    hostId: r.host_id,
    format: z.enum(EVENT_FORMATS).parse(r.format),
    hands: r.hands,
    rounds: r.rounds,
    options: eventOptionsSchema.parse(JSON.parse(r.options)),
    seed: r.seed,
    status: z.enum(EVENT_STATUSES).parse(r.status),
    round: r.round,
    seasonId: r.season_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toTableRow(t: EventTable): TableRow {
  return {
    event_id: t.eventId,
    round: t.round,
    number: t.number,
    seats: JSON.stringify(t.seats),
    ns_pair: t.nsPair,
    ew_pair: t.ewPair,
    thread_id: t.threadId,
    table_id: t.tableId,
    status: t.status,
  };
}

function fromTableRow(r: TableRow): EventTable {
  return {
    eventId: r.event_id,
    round: r.round,
    number: r.number,
    seats: seatsSchema.parse(JSON.parse(r.seats)),
    nsPair: r.ns_pair,
    ewPair: r.ew_pair,
    threadId: r.thread_id,
    tableId: r.table_id,
    status: z.enum(EVENT_TABLE_STATUSES).parse(r.status),
  };
}
