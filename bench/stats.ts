/** Statistics figures on a database holding 100,000 finished matches across 100 servers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StatsService } from '../src/app/stats.js';
import { Rng, seedRng } from '../src/engine/index.js';
import { BOARD_SORTS } from '../src/store/statsRepo.js';
import { Store } from '../src/store/store.js';
import type { Figure } from './engine.js';

const SERVERS = 100;
const MATCHES = 100_000;
const PLAYERS_PER_SERVER = 40;

const guildId = (g: number) => `97000000000000${String(g).padStart(4, '0')}`;
const userId = (g: number, p: number) =>
  `98000000000${String(g).padStart(3, '0')}${String(p).padStart(4, '0')}`;

/** Fills the database the way finished matches would: match rows, per-seat results, totals and ratings. */
function populate(store: Store): void {
  const rng = new Rng(seedRng('bench:stats'));
  const db = store.db;
  const now = 1_700_000_000_000;
  const insertTable = db.prepare(
    `INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'finished', '{}', 'chosen', ?, ?)`,
  );
  const insertMatch = db.prepare(
    `INSERT INTO matches (id, table_id, guild_id, seed, settings, status, score_a, score_b, winner, started_at, ended_at, rated, hands_played)
     VALUES (?, ?, ?, 'seed', '{}', 'finished', ?, ?, ?, ?, ?, 1, ?)`,
  );
  const insertSeat = db.prepare(
    `INSERT INTO match_players (match_id, seat, guild_id, user_id, is_bot, team, won, team_score, opponent_score, hands_played,
       tichu_calls, tichu_made, grand_calls, grand_made, double_victories, bombs, finished_at)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  store.transaction(() => {
    for (let g = 0; g < SERVERS; g++) {
      for (let p = 0; p < PLAYERS_PER_SERVER; p++)
        store.tables.upsertPlayer(userId(g, p), `Player ${g}-${p}`, now);
      insertTable.run(
        `b${String(g).padStart(7, '0')}`,
        guildId(g),
        `99000000000000${String(g).padStart(4, '0')}`,
        userId(g, 0),
        now,
        now,
      );
    }
    for (let m = 1; m <= MATCHES; m++) {
      const g = m % SERVERS;
      const seats = new Set<number>();
      while (seats.size < 4) seats.add(rng.nextInt(PLAYERS_PER_SERVER));
      const players = [...seats];
      const winner = rng.nextInt(2);
      const hands = 3 + rng.nextInt(8);
      const scores = [
        winner === 0 ? 1000 + rng.nextInt(200) : rng.nextInt(900),
        winner === 1 ? 1000 + rng.nextInt(200) : rng.nextInt(900),
      ];
      const at = now + m * 1000;
      insertMatch.run(
        m,
        `b${String(g).padStart(7, '0')}`,
        guildId(g),
        scores[0],
        scores[1],
        winner,
        at - 600_000,
        at,
        hands,
      );
      players.forEach((p, seat) => {
        const team = seat % 2;
        const calls = rng.nextInt(3);
        const made = calls === 0 ? 0 : rng.nextInt(calls + 1);
        const totals = {
          wins: team === winner ? 1 : 0,
          hands,
          points: scores[team] as number,
          tichuCalls: calls,
          tichuMade: made,
          grandCalls: rng.nextInt(2),
          grandMade: 0,
          doubleVictories: rng.nextInt(2),
          bombs: rng.nextInt(3),
        };
        insertSeat.run(
          m,
          seat,
          guildId(g),
          userId(g, p),
          team,
          totals.wins,
          scores[team],
          scores[1 - team],
          hands,
          totals.tichuCalls,
          totals.tichuMade,
          totals.grandCalls,
          0,
          totals.doubleVictories,
          totals.bombs,
          at,
        );
        store.stats.addPlayerTotals(guildId(g), userId(g, p), { matches: 1, ...totals }, at);
      });
    }
    for (let g = 0; g < SERVERS; g++) {
      for (let p = 0; p < PLAYERS_PER_SERVER; p++) {
        const mu = 20 + rng.nextFloat() * 15;
        const sigma = 1 + rng.nextFloat() * 3;
        store.stats.saveRating(guildId(g), userId(g, p), mu, sigma, mu - 3 * sigma, now);
      }
    }
  });
}

/**
 * The boards ranked from matches: the population has matches, ratings and totals, no events (the
 * events board, `by:events`, is bench/events.ts's business).
 */
const MATCH_SORTS = BOARD_SORTS.filter((sort) => sort !== 'events');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

export function statsFigures(samples = 300): Figure[] {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-stats-'));
  const file = join(dir, 'stats.sqlite');
  const store = Store.open(file);
  populate(store);
  store.close();
  // A fresh process-like start: reopen, so no statement or page is warm from the population.
  const reopened = Store.open(file);
  const stats = new StatsService(reopened);
  const rng = new Rng(seedRng('bench:stats:queries'));
  const board: number[] = [];
  const player: number[] = [];
  for (let i = 0; i < samples; i++) {
    const g = rng.nextInt(SERVERS);
    const viewer = userId(g, rng.nextInt(PLAYERS_PER_SERVER));
    const sort = MATCH_SORTS[rng.nextInt(MATCH_SORTS.length)] as (typeof MATCH_SORTS)[number];
    let start = process.hrtime.bigint();
    const b = stats.leaderboard(guildId(g), sort, rng.nextInt(4), viewer);
    board.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (!b.ok || b.value.rows.length === 0) throw new Error('empty leaderboard in the bench');
    start = process.hrtime.bigint();
    const p = stats.playerStats(guildId(g), viewer);
    player.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (!p.ok || !p.value.totals || !p.value.favouritePartner)
      throw new Error('missing statistics in the bench');
  }
  reopened.close();
  rmSync(dir, { recursive: true, force: true });
  // The slowest of the samples counts, not the median: the reply must never need deferring for it.
  const lb = Math.max(...board);
  const ps = Math.max(...player);
  const note = `${MATCHES.toLocaleString('en')} finished matches, ${SERVERS} servers, ${PLAYERS_PER_SERVER} players each; slowest of ${samples} (median ${round3(median(board))} ms)`;
  return [
    {
      key: 'stats.leaderboard.ms',
      value: Math.round(lb * 1000) / 1000,
      unit: 'ms',
      target: '<= 50 ms',
      met: lb <= 50,
      note,
    },
    {
      key: 'stats.playerStats.ms',
      value: Math.round(ps * 1000) / 1000,
      unit: 'ms',
      target: '<= 50 ms',
      met: ps <= 50,
      note: `totals, rating, rank and favourite partner; slowest of ${samples} (median ${round3(median(player))} ms)`,
    },
  ];
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
