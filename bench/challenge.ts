/**
 * Weekly challenge figures, beside a floor taken in the same run:
 * - `challenge.standingsMs`: `service.challenges.standings(guild, 'current')` of a week that 1,000
 *   members played to the end (8,000 board results), median. How the week is built: its row, the
 *   1,000 entries and their results written straight through the store's repository (no table or
 *   match: standings read only these rows). Floor: a bare SQLite read of the same result rows.
 *   `challenge.standings.mathMs`: src/events' challengeStandings alone over the same rows.
 * `npm run bench` runs it once run.ts lists it; alone: `node --import tsx bench/challenge.ts`
 * (`--figures`: only the JSON line, as run.ts reads it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_TURN, weekSpan } from '../src/app/challengeCalendar.js';
import { ManualClock } from '../src/app/clock.js';
import { type Environment, systemEnvironment } from '../src/app/ids.js';
import { TableService } from '../src/app/tableService.js';
import { Rng, seedRng } from '../src/engine/index.js';
import { challengeStandings } from '../src/events/index.js';
import { CHALLENGE_BOARDS } from '../src/store/challengeRepo.js';
import { Store } from '../src/store/store.js';
import type { Figure } from './engine.js';

const MEMBERS = 1_000;
const STANDINGS_TARGET_MS = 50;
const RUNS = 21;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function timed(run: () => unknown, runs = RUNS): number {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

const snowflake = (prefix: number, n: number) => `${prefix}${String(n).padStart(17, '0')}`;

export interface ChallengeStandingsRun {
  readonly members: number;
  readonly results: number;
  readonly ms: number;
  readonly floorMs: number;
  readonly mathMs: number;
  readonly buildMs: number;
  readonly rows: number;
}

export function challengeStandingsRun(members = MEMBERS, runs = RUNS): ChallengeStandingsRun {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-challenge-'));
  const store = Store.open(join(dir, 'challenge.sqlite'));
  const clock = new ManualClock(Date.now());
  const env: Environment = { ...systemEnvironment, now: clock.now };
  const service = new TableService(store, env, { scheduler: clock });
  try {
    const built = performance.now();
    const guildId = snowflake(7, 1);
    const span = weekSpan(DEFAULT_TURN, null, clock.now());
    const now = clock.now();
    const rng = new Rng(seedRng('bench:challenge:standings'));
    store.transaction(() => {
      store.challenges.insertWeek({ guildId, ...span, seed: 'bench', closedAt: null, createdAt: now });
      const record = store.db.prepare(
        'INSERT INTO challenge_results (guild_id, week_start, user_id, board, ns_diff) VALUES (?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < members; i++) {
        const userId = snowflake(6, i);
        store.challenges.insertEntry({
          guildId,
          weekStart: span.startsAt,
          userId,
          name: `Member${i + 1}`,
          channelId: snowflake(7, 2),
          threadId: null,
          tableId: null,
          matchId: null,
          status: 'finished',
          createdAt: now,
          updatedAt: now,
          finishedAt: now,
        });
        // Hand score differences as Tichu makes them: multiples of 5, Tichu and Grand Tichu swings.
        for (let board = 1; board <= CHALLENGE_BOARDS; board++)
          record.run(guildId, span.startsAt, userId, board, (rng.nextInt(121) - 60) * 5);
      }
    });
    const buildMs = performance.now() - built;
    const once = service.challenges.standings(guildId, 'current');
    if (!once.ok) throw new Error(`standings: ${JSON.stringify(once.error)}`);
    if (once.value.rows.length !== members) throw new Error(`${once.value.rows.length} rows`);
    const ms = timed(() => service.challenges.standings(guildId, 'current'), runs);
    const bare = store.db.prepare<[string, number], { user_id: string; board: number; ns_diff: number }>(
      'SELECT user_id, board, ns_diff FROM challenge_results WHERE guild_id = ? AND week_start = ?',
    );
    let sink = 0;
    const floorMs = timed(() => {
      for (const row of bare.all(guildId, span.startsAt)) sink += row.ns_diff;
    }, runs);
    const rows = store.challenges.results(guildId, span.startsAt);
    const mathMs = timed(() => challengeStandings(rows), runs);
    if (sink === 0.5) console.error('');
    return { members, results: rows.length, ms, floorMs, mathMs, buildMs, rows: once.value.rows.length };
  } finally {
    service.stopTimers();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

export function challengeStandingsFigures(s: ChallengeStandingsRun): Figure[] {
  return [
    {
      key: 'challenge.standingsMs',
      value: round(s.ms),
      unit: 'ms',
      target: `<= ${STANDINGS_TARGET_MS} ms`,
      met: s.ms <= STANDINGS_TARGET_MS,
      note: `floor ${round(s.floorMs)} ms (a bare SQLite read of the same result rows), ratio ${(s.ms / s.floorMs).toFixed(1)}x; service.challenges.standings of a week ${s.members} members played (${s.results} board results, ${s.rows} standings rows), median of ${RUNS}. Built in ${(s.buildMs / 1000).toFixed(1)} s straight through the store (week, entries, results)`,
    },
    {
      key: 'challenge.standings.floorMs',
      value: round(s.floorMs),
      unit: 'ms',
      target: '(floor)',
      met: true,
      note: `the same ${s.results} result rows through better-sqlite3, median of ${RUNS}`,
    },
    {
      key: 'challenge.standings.mathMs',
      value: round(s.mathMs),
      unit: 'ms',
      target: '(info)',
      met: true,
      note: `src/events challengeStandings alone over the same rows, median of ${RUNS}; ${(s.mathMs / s.ms).toFixed(2)} of challenge.standingsMs`,
    },
  ];
}

/** Every challenge figure. */
export async function challengeFigures(): Promise<Figure[]> {
  return challengeStandingsFigures(challengeStandingsRun());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await challengeFigures();
  if (!process.argv.includes('--figures'))
    for (const f of figures)
      console.log(
        `${f.key.padEnd(28)} ${String(f.value).padStart(8)} ${f.unit.padEnd(3)} ${f.met ? 'meets' : 'MISSES'} target ${f.target}${f.note ? `  (${f.note})` : ''}`,
      );
  console.log(JSON.stringify(figures));
  process.exit(0);
}
