/**
 * SQL that finds tables across a server or the whole file: a server's active tables by their last
 * activity (for /table list), and the lobbies' idle deadlines (armed at start-up).
 */
import type Database from 'better-sqlite3';
import type { Deadline } from './records.js';
import { everyGuild, type GuildFilter } from './tableRepo.js';

/** An active table and when anything last happened at it (its last change or its last action). */
export interface TableActivity {
  readonly tableId: string;
  readonly activeAt: number;
}

const ACTIVE = "t.status IN ('lobby', 'playing', 'paused')";
// The last action is the event of the highest version: one step down the events' primary key.
const ACTIVE_AT = `max(t.updated_at, ifnull((SELECT e.created_at FROM events e WHERE e.match_id = t.match_id
  ORDER BY e.version DESC LIMIT 1), 0))`;
const MINE = 'EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = @user)';
// A duplicate event's table plays in a private thread: its score would tell the tables behind how a
// board went before they play it, so only its own players see it listed; a weekly challenge's table
// likewise (its member plays the week's boards there) only to its member.
const SHOWN = `(NOT EXISTS (SELECT 1 FROM club_event_tables ct JOIN club_events ce ON ce.id = ct.event_id
    WHERE ct.table_id = t.id AND ce.format = 'duplicate')
  OR EXISTS (SELECT 1 FROM seats v WHERE v.table_id = t.id AND v.user_id = @viewer))
  AND (NOT EXISTS (SELECT 1 FROM challenge_entries ce WHERE ce.table_id = t.id)
  OR EXISTS (SELECT 1 FROM seats v WHERE v.table_id = t.id AND v.user_id = @viewer))`;

export class TableIndexRepo {
  private readonly page;
  private readonly pageOfUser;
  private readonly count;
  private readonly countOfUser;
  private readonly lobbyRows;

  constructor(db: Database.Database) {
    const select = (where: string) =>
      db.prepare<
        { guild: string; user: string; viewer: string; limit: number; offset: number },
        TableActivity
      >(
        `SELECT t.id AS tableId, ${ACTIVE_AT} AS activeAt FROM tables t
         WHERE t.guild_id = @guild AND ${ACTIVE} AND ${SHOWN} AND ${where}
         ORDER BY activeAt DESC, t.id LIMIT @limit OFFSET @offset`,
      );
    const count = (where: string) =>
      db.prepare<{ guild: string; user: string; viewer: string }, { n: number }>(
        `SELECT count(*) AS n FROM tables t WHERE t.guild_id = @guild AND ${ACTIVE} AND ${SHOWN} AND ${where}`,
      );
    this.page = select('1');
    this.pageOfUser = select(MINE);
    this.count = count('1');
    this.countOfUser = count(MINE);
    this.lobbyRows = db.prepare<
      [],
      { id: string; guild_id: string; deadline_at: number; deadline_key: string }
    >(
      "SELECT id, guild_id, deadline_at, deadline_key FROM tables WHERE status = 'lobby' AND deadline_at IS NOT NULL",
    );
  }

  /**
   * One page of a server's active tables (lobby, playing, paused), the most recently active first;
   * with `userId`, only those where that user is seated. A duplicate event's tables are listed only
   * to their own players (`viewer`). Returns the page and how many there are.
   */
  activeByActivity(
    guildId: string,
    userId: string | null,
    offset: number,
    limit: number,
    viewer = userId ?? '',
  ): { rows: TableActivity[]; total: number } {
    const params = { guild: guildId, user: userId ?? '', viewer };
    const rows = (userId === null ? this.page : this.pageOfUser).all({ ...params, limit, offset });
    const total = (userId === null ? this.count : this.countOfUser).get(params)?.n ?? 0;
    return { rows, total };
  }

  /** Every lobby's idle deadline (of `owns`' guilds), for start-up to arm them (the lobbies load lazily). */
  lobbyDeadlines(owns: GuildFilter = everyGuild): Array<{ tableId: string } & Deadline> {
    return this.lobbyRows
      .all()
      .filter((row) => owns(row.guild_id))
      .map((row) => ({ tableId: row.id, at: row.deadline_at, key: row.deadline_key }));
  }
}
