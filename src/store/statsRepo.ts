/** SQL for ratings, player totals, leaderboards, statistics and match history. */
import type Database from 'better-sqlite3';

export interface RatingRow {
  readonly userId: string;
  readonly mu: number;
  readonly sigma: number;
  readonly ordinal: number;
  readonly ratedMatches: number;
}

export const BOARD_SORTS = ['rating', 'wins', 'winrate', 'tichu', 'events'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];
/** The boards ranked from matches (ratings and result rows); `events` ranks event placings. */
type MatchSort = Exclude<BoardSort, 'events'>;

export interface BoardRow {
  readonly rank: number;
  readonly userId: string;
  readonly name: string;
  readonly value: number;
  readonly mu: number | null;
  readonly sigma: number | null;
  readonly matches: number;
  readonly wins: number;
  /** The events board's row (`value` is the event points; matches and wins are 0 there). */
  readonly events?: EventTally;
}

/** A person's event placings summed: on the events board. */
export interface EventTally {
  /** Finished events with a placing. */
  readonly played: number;
  /** The best rank of those (1: won one). */
  readonly best: number;
}

export interface PlayerTotals {
  readonly matches: number;
  readonly wins: number;
  readonly hands: number;
  readonly points: number;
  readonly tichuCalls: number;
  readonly tichuMade: number;
  readonly grandCalls: number;
  readonly grandMade: number;
  readonly doubleVictories: number;
  readonly bombs: number;
}

/** A person's rating (ordinal) before and after a rated match. */
export interface RatingChangeRow {
  readonly seat: number;
  readonly userId: string;
  readonly name: string | null;
  readonly before: number;
  readonly after: number;
}

export interface MatchSummaryRow {
  readonly id: number;
  readonly tableId: string;
  readonly channelId: string;
  readonly status: string;
  readonly scoreA: number;
  readonly scoreB: number;
  readonly winner: number | null;
  readonly rated: boolean;
  readonly handsPlayed: number;
  readonly endedAt: number | null;
  readonly startedAt: number;
  readonly guildId: string;
}

/**
 * The expression each leaderboard sorts by (values come only from BOARD_SORTS, never from users);
 * `{R}` and `{S}` are the ratings and totals it ranks: all time, or a season's (SEASON_SOURCES).
 */
const SORT_SQL: Readonly<Record<MatchSort, { value: string; where: string; from: string; guild: string }>> = {
  rating: {
    guild: 'r.guild_id',
    value: 'r.ordinal',
    where: '1',
    from: '{R} r LEFT JOIN {S} s ON s.guild_id = r.guild_id AND s.user_id = r.user_id',
  },
  wins: {
    guild: 's.guild_id',
    value: 's.wins',
    where: '1',
    from: '{S} s LEFT JOIN {R} r ON r.guild_id = s.guild_id AND r.user_id = s.user_id',
  },
  winrate: {
    guild: 's.guild_id',
    value: 'CAST(s.wins AS REAL) / s.matches',
    where: 's.matches >= @min',
    from: '{S} s LEFT JOIN {R} r ON r.guild_id = s.guild_id AND r.user_id = s.user_id',
  },
  tichu: {
    guild: 's.guild_id',
    value: 'CAST(s.tichu_made + s.grand_made AS REAL) / (s.tichu_calls + s.grand_calls)',
    where: 's.tichu_calls + s.grand_calls >= @min',
    from: '{S} s LEFT JOIN {R} r ON r.guild_id = s.guild_id AND r.user_id = s.user_id',
  },
};

/** What a board ranks: the running ratings and totals, or a season's (see SeasonWindow). */
interface BoardSources {
  readonly with: string;
  readonly ratings: string;
  readonly totals: string;
}

const ALL_TIME_SOURCES: BoardSources = { with: '', ratings: 'ratings', totals: 'player_stats' };

/**
 * A season's board: its own ratings, and totals summed from the result rows of the matches that
 * ended in its window (as player_stats sums them: a person who ended no hand played no match).
 */
const SEASON_SOURCES: BoardSources = {
  with: `WITH season_r AS (
      SELECT guild_id, user_id, mu, sigma, ordinal FROM season_ratings WHERE guild_id = @guild AND season_id = @season),
    season_s AS (
      SELECT mp.guild_id, mp.user_id, sum(mp.hands_played > 0) AS matches, sum(mp.hands_played > 0 AND mp.won = 1) AS wins,
        sum(mp.tichu_calls) AS tichu_calls, sum(mp.tichu_made) AS tichu_made, sum(mp.grand_calls) AS grand_calls,
        sum(mp.grand_made) AS grand_made
      FROM match_players mp
      WHERE mp.guild_id = @guild AND mp.user_id IS NOT NULL AND mp.finished_at >= @from
        AND (@until IS NULL OR mp.finished_at < @until)
      GROUP BY mp.guild_id, mp.user_id
      HAVING sum(mp.hands_played + mp.tichu_calls + mp.grand_calls + mp.bombs) > 0)`,
  ratings: 'season_r',
  totals: 'season_s',
};

/** A season as a board sees it: its ratings, and the window its matches ended in ([from, until); until null: running). */
export interface SeasonWindow {
  readonly seasonId: number;
  readonly from: number;
  readonly until: number | null;
}

interface BoardStatements {
  page: Database.Statement;
  count: Database.Statement;
  rankOf: Database.Statement;
  above: Database.Statement;
}

/**
 * The event standings (/leaderboard by:events), from each person's placings (club_event_placings,
 * written as an event finishes: eventResults.ts `placingsOf`). The scheme: an event gives each
 * person of an entry (a player, pair or team) the number of entries in its final standings minus
 * the entry's rank plus one, so the last of N entries gets 1 and the winner N; tied entries share a
 * rank and so their points. A person's event points are the sum over their events: all time, every
 * placing of the server; a season's, the placings of events created while it ran (`season_id`).
 * Ties in points go to fewer events played (more points an event), then the better best rank;
 * people equal in all three share a place (listed by user id). Hidden players are left out, and
 * people with no placing are not on it. `{W}` is the season filter (empty for all time).
 */
const EVENT_TALLY = `WITH tally AS (
    SELECT user_id, sum(points) AS points, count(*) AS played, min(rank) AS best
    FROM club_event_placings WHERE guild_id = @guild {W} GROUP BY user_id),
  shown AS (
    SELECT e.user_id, e.points, e.played, e.best,
      COALESCE(pl.display_name,
        (SELECT ep.name FROM club_event_players ep WHERE ep.user_id = e.user_id ORDER BY ep.joined_at DESC LIMIT 1),
        e.user_id) AS name
    FROM tally e LEFT JOIN players pl ON pl.user_id = e.user_id
    WHERE COALESCE(pl.hidden, 0) = 0)`;
const EVENT_ORDER = 'points DESC, played ASC, best ASC';

export class StatsRepo {
  private readonly ratingOf;
  private readonly upsertRating;
  private readonly addTotals;
  private readonly totalsOf;
  private readonly markRated;
  private readonly partner;
  private readonly casualOf;
  private readonly recentOfPlayer;
  private readonly recentOfChannel;
  private readonly matchRow;
  private readonly playersOf;
  private readonly handRows;
  private readonly setRatingChange;
  private readonly ratingChangeRows;
  private readonly boards: Record<MatchSort, BoardStatements>;
  private readonly seasonBoards: Record<MatchSort, BoardStatements>;
  private readonly eventBoard: BoardStatements;
  private readonly seasonEventBoard: BoardStatements;

  constructor(db: Database.Database) {
    this.ratingOf = db.prepare<
      [string, string],
      { mu: number; sigma: number; ordinal: number; rated_matches: number }
    >('SELECT mu, sigma, ordinal, rated_matches FROM ratings WHERE guild_id = ? AND user_id = ?');
    this.upsertRating = db.prepare(
      `INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT (guild_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,
       rated_matches = ratings.rated_matches + 1, updated_at = excluded.updated_at`,
    );
    this.addTotals = db.prepare(
      `INSERT INTO player_stats (guild_id, user_id, matches, wins, hands, points, tichu_calls, tichu_made, grand_calls, grand_made,
         double_victories, bombs, updated_at)
       VALUES (@guild, @user, @matches, @wins, @hands, @points, @tichuCalls, @tichuMade, @grandCalls, @grandMade, @doubleVictories, @bombs, @now)
       ON CONFLICT (guild_id, user_id) DO UPDATE SET matches = matches + excluded.matches, wins = wins + excluded.wins,
         hands = hands + excluded.hands, points = points + excluded.points, tichu_calls = tichu_calls + excluded.tichu_calls,
         tichu_made = tichu_made + excluded.tichu_made, grand_calls = grand_calls + excluded.grand_calls,
         grand_made = grand_made + excluded.grand_made, double_victories = double_victories + excluded.double_victories,
         bombs = bombs + excluded.bombs, updated_at = excluded.updated_at`,
    );
    this.totalsOf = db.prepare<[string, string], Record<string, number>>(
      `SELECT matches, wins, hands, points, tichu_calls AS tichuCalls, tichu_made AS tichuMade, grand_calls AS grandCalls,
         grand_made AS grandMade, double_victories AS doubleVictories, bombs FROM player_stats WHERE guild_id = ? AND user_id = ?`,
    );
    this.markRated = db.prepare('UPDATE matches SET rated = ?, hands_played = ? WHERE id = ?');
    this.partner = db.prepare<[string, string], { userId: string; name: string; n: number; wins: number }>(
      `SELECT p.user_id AS userId, pl.display_name AS name, count(*) AS n, sum(me.won) AS wins
       FROM match_players me
       JOIN match_players p ON p.match_id = me.match_id AND p.seat = (me.seat + 2) % 4
       JOIN players pl ON pl.user_id = p.user_id
       WHERE me.guild_id = ? AND me.user_id = ? AND p.user_id IS NOT NULL AND me.hands_played > 0
         AND p.hands_played > 0
       GROUP BY p.user_id ORDER BY n DESC, wins DESC LIMIT 1`,
    );
    // A person's result rows of unrated finished matches: the casual share of their totals. A match
    // with hands_played = 0 ended before migration 0003 and never reached player_stats: left out.
    this.casualOf = db.prepare<[string, string], PlayerTotals>(
      `SELECT sum(mp.hands_played > 0) AS matches, sum(mp.hands_played > 0 AND mp.won = 1) AS wins,
         sum(mp.hands_played) AS hands, sum(mp.points) AS points, sum(mp.tichu_calls) AS tichuCalls,
         sum(mp.tichu_made) AS tichuMade, sum(mp.grand_calls) AS grandCalls, sum(mp.grand_made) AS grandMade,
         sum(mp.double_victories) AS doubleVictories, sum(mp.bombs) AS bombs
       FROM match_players mp JOIN matches m ON m.id = mp.match_id
       WHERE mp.guild_id = ? AND mp.user_id = ? AND m.status = 'finished' AND m.rated = 0 AND m.hands_played > 0
       HAVING sum(mp.hands_played + mp.tichu_calls + mp.grand_calls + mp.bombs) > 0`,
    );
    const summary = `m.id, m.table_id AS tableId, t.channel_id AS channelId, m.status, m.score_a AS scoreA, m.score_b AS scoreB,
       m.winner, m.rated, m.hands_played AS handsPlayed, m.ended_at AS endedAt, m.started_at AS startedAt, m.guild_id AS guildId`;
    this.recentOfPlayer = db.prepare<[string, string, number], MatchSummaryRow>(
      `SELECT ${summary} FROM match_players mp JOIN matches m ON m.id = mp.match_id JOIN tables t ON t.id = m.table_id
       WHERE mp.guild_id = ? AND mp.user_id = ? ORDER BY mp.finished_at DESC LIMIT ?`,
    );
    this.recentOfChannel = db.prepare<[string, number], MatchSummaryRow>(
      `SELECT ${summary} FROM tables t JOIN matches m ON m.table_id = t.id
       WHERE t.channel_id = ? AND m.status IN ('finished', 'abandoned') ORDER BY m.id DESC LIMIT ?`,
    );
    this.matchRow = db.prepare<[number], MatchSummaryRow>(
      `SELECT ${summary} FROM matches m JOIN tables t ON t.id = m.table_id WHERE m.id = ?`,
    );
    this.playersOf = db.prepare<
      [number],
      { seat: number; userId: string | null; name: string | null; bombs: number }
    >(
      `SELECT mp.seat, mp.user_id AS userId, pl.display_name AS name, mp.bombs FROM match_players mp
       LEFT JOIN players pl ON pl.user_id = mp.user_id WHERE mp.match_id = ? ORDER BY mp.seat, mp.rowid`,
    );
    this.handRows = db.prepare<[number], { number: number; result: string | null }>(
      'SELECT number, result FROM hands WHERE match_id = ? ORDER BY number',
    );
    this.setRatingChange = db.prepare(
      'UPDATE match_players SET rating_before = ?, rating_after = ? WHERE match_id = ? AND seat = ? AND user_id = ?',
    );
    this.ratingChangeRows = db.prepare<[number], RatingChangeRow>(
      `SELECT mp.seat, mp.user_id AS userId, pl.display_name AS name, mp.rating_before AS before, mp.rating_after AS after
       FROM match_players mp LEFT JOIN players pl ON pl.user_id = mp.user_id
       WHERE mp.match_id = ? AND mp.user_id IS NOT NULL AND mp.rating_before IS NOT NULL AND mp.rating_after IS NOT NULL
       ORDER BY mp.seat`,
    );
    const board = (sort: MatchSort, sources: BoardSources): BoardStatements => {
      const s = SORT_SQL[sort];
      const from = s.from.replaceAll('{R}', sources.ratings).replaceAll('{S}', sources.totals);
      const base = `FROM ${from} JOIN players pl ON pl.user_id = COALESCE(s.user_id, r.user_id)
        WHERE ${s.guild} = @guild AND pl.hidden = 0 AND ${s.where}`;
      return {
        page: db.prepare(
          `${sources.with} SELECT pl.user_id AS userId, pl.display_name AS name, ${s.value} AS value, r.mu, r.sigma,
             COALESCE(s.matches, 0) AS matches, COALESCE(s.wins, 0) AS wins
           ${base} ORDER BY value DESC, pl.user_id LIMIT @limit OFFSET @offset`,
        ),
        count: db.prepare(`${sources.with} SELECT count(*) AS n ${base}`),
        rankOf: db.prepare(`${sources.with} SELECT ${s.value} AS value ${base} AND pl.user_id = @user`),
        above: db.prepare(
          `${sources.with} SELECT count(*) AS n ${base} AND (${s.value} > @value OR (${s.value} = @value AND pl.user_id < @user))`,
        ),
      };
    };
    const boards = (sources: BoardSources) => ({
      rating: board('rating', sources),
      wins: board('wins', sources),
      winrate: board('winrate', sources),
      tichu: board('tichu', sources),
    });
    this.boards = boards(ALL_TIME_SOURCES);
    this.seasonBoards = boards(SEASON_SOURCES);
    const eventBoard = (season: boolean): BoardStatements => {
      const tally = EVENT_TALLY.replace('{W}', season ? 'AND season_id = @season' : '');
      return {
        page: db.prepare(
          `${tally} SELECT user_id AS userId, name, points, played, best,
             rank() OVER (ORDER BY ${EVENT_ORDER}) AS rank
           FROM shown ORDER BY ${EVENT_ORDER}, user_id LIMIT @limit OFFSET @offset`,
        ),
        count: db.prepare(`${tally} SELECT count(*) AS n FROM shown`),
        rankOf: db.prepare(`${tally} SELECT points AS value, played, best FROM shown WHERE user_id = @user`),
        above: db.prepare(
          `${tally} SELECT count(*) AS n FROM shown WHERE points > @value
             OR (points = @value AND (played < @played OR (played = @played AND best < @best)))`,
        ),
      };
    };
    this.eventBoard = eventBoard(false);
    this.seasonEventBoard = eventBoard(true);
  }

  rating(guildId: string, userId: string): RatingRow | null {
    const row = this.ratingOf.get(guildId, userId);
    return row
      ? { userId, mu: row.mu, sigma: row.sigma, ordinal: row.ordinal, ratedMatches: row.rated_matches }
      : null;
  }

  saveRating(guildId: string, userId: string, mu: number, sigma: number, ordinal: number, now: number): void {
    this.upsertRating.run(guildId, userId, mu, sigma, ordinal, now);
  }

  /** Notes a person's rating before and after a rated match on their result row (written first). */
  saveRatingChange(matchId: number, seat: number, userId: string, before: number, after: number): void {
    this.setRatingChange.run(before, after, matchId, seat, userId);
  }

  /** The rating changes a rated match made, by seat (none for an unrated match, or one rated before they were kept). */
  ratingChanges(matchId: number): RatingChangeRow[] {
    return this.ratingChangeRows.all(matchId);
  }

  addPlayerTotals(guildId: string, userId: string, totals: PlayerTotals, now: number): void {
    this.addTotals.run({ guild: guildId, user: userId, ...totals, now });
  }

  totals(guildId: string, userId: string): PlayerTotals | null {
    return (this.totalsOf.get(guildId, userId) as PlayerTotals | undefined) ?? null;
  }

  /**
   * A person's totals over their casual (unrated) matches, summed from their result rows (null:
   * none). One row a match, through their index: /stats is rare, and it keeps player_stats the one
   * running total the leaderboards rank.
   */
  casualTotals(guildId: string, userId: string): PlayerTotals | null {
    return this.casualOf.get(guildId, userId) ?? null;
  }

  setRated(matchId: number, rated: boolean, handsPlayed: number): void {
    this.markRated.run(rated ? 1 : 0, handsPlayed, matchId);
  }

  favouritePartner(
    guildId: string,
    userId: string,
  ): { userId: string; name: string; matches: number; wins: number } | null {
    const row = this.partner.get(guildId, userId);
    return row ? { userId: row.userId, name: row.name, matches: row.n, wins: row.wins } : null;
  }

  recentMatchesOfPlayer(guildId: string, userId: string, limit: number): MatchSummaryRow[] {
    return this.recentOfPlayer.all(guildId, userId, limit).map(fixRated);
  }

  recentMatchesOfChannel(channelId: string, limit: number): MatchSummaryRow[] {
    return this.recentOfChannel.all(channelId, limit).map(fixRated);
  }

  match(matchId: number): MatchSummaryRow | null {
    const row = this.matchRow.get(matchId);
    return row ? fixRated(row) : null;
  }

  matchPlayers(
    matchId: number,
  ): Array<{ seat: number; userId: string | null; name: string | null; bombs: number }> {
    return this.playersOf.all(matchId);
  }

  handResults(matchId: number): Array<{ number: number; result: string | null }> {
    return this.handRows.all(matchId);
  }

  /** One page of a server's leaderboard (all time, or a season's), with the total count of ranked players. */
  board(
    guildId: string,
    sort: BoardSort,
    offset: number,
    limit: number,
    minMatches: number,
    season: SeasonWindow | null = null,
  ): { rows: BoardRow[]; total: number } {
    if (sort === 'events') return this.eventsBoard(guildId, offset, limit, season);
    const b = (season ? this.seasonBoards : this.boards)[sort];
    const params = { guild: guildId, limit, offset, min: minMatches, user: '', ...windowParams(season) };
    const rows = (b.page.all(params) as Array<Omit<BoardRow, 'rank'>>).map((row, i) => ({
      ...row,
      rank: offset + i + 1,
    }));
    const total = (b.count.get(params) as { n: number }).n;
    return { rows, total };
  }

  /** A player's place on a board: 1 + how many visible players rank above them; null if not on it. */
  rankOf(
    guildId: string,
    sort: BoardSort,
    userId: string,
    minMatches: number,
    season: SeasonWindow | null = null,
  ): { rank: number; value: number } | null {
    if (sort === 'events') return this.eventsRankOf(guildId, userId, season);
    const b = (season ? this.seasonBoards : this.boards)[sort];
    const params = {
      guild: guildId,
      user: userId,
      min: minMatches,
      limit: 0,
      offset: 0,
      ...windowParams(season),
    };
    const own = b.rankOf.get(params) as { value: number | null } | undefined;
    if (!own || own.value === null) return null;
    const above = (b.above.get({ ...params, value: own.value }) as { n: number }).n;
    return { rank: above + 1, value: own.value };
  }

  /** A page of the event standings (EVENT_TALLY): ranks shared by people equal in every tie rule. */
  private eventsBoard(
    guildId: string,
    offset: number,
    limit: number,
    season: SeasonWindow | null,
  ): { rows: BoardRow[]; total: number } {
    const b = season ? this.seasonEventBoard : this.eventBoard;
    const params = { guild: guildId, limit, offset, ...windowParams(season) };
    const rows = (
      b.page.all(params) as Array<{
        userId: string;
        name: string;
        points: number;
        played: number;
        best: number;
        rank: number;
      }>
    ).map((r) => ({
      rank: r.rank,
      userId: r.userId,
      name: r.name,
      value: r.points,
      mu: null,
      sigma: null,
      matches: 0,
      wins: 0,
      events: { played: r.played, best: r.best },
    }));
    const total = (b.count.get(params) as { n: number }).n;
    return { rows, total };
  }

  /** A person's place in the event standings: 1 + how many visible people rank above them. */
  private eventsRankOf(
    guildId: string,
    userId: string,
    season: SeasonWindow | null,
  ): { rank: number; value: number } | null {
    const b = season ? this.seasonEventBoard : this.eventBoard;
    const params = { guild: guildId, user: userId, ...windowParams(season) };
    const own = b.rankOf.get(params) as { value: number; played: number; best: number } | undefined;
    if (!own) return null;
    const above = (b.above.get({ ...params, ...own }) as { n: number }).n;
    return { rank: above + 1, value: own.value };
  }
}

/** The named parameters of a season's board (none for all time). */
function windowParams(season: SeasonWindow | null): Record<string, number | null> {
  return season ? { season: season.seasonId, from: season.from, until: season.until } : {};
}

function fixRated(row: MatchSummaryRow): MatchSummaryRow {
  return { ...row, rated: Boolean(row.rated) };
}
