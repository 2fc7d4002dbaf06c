/**
 * `npm run chaos`: the bot process killed with SIGKILL at least 100 times while scripted players
 * play (tools/chaos/crashes.ts), then 10,000 forged and mutated interactions (bench/fuzz.ts); each
 * figure printed beside its target, with the seeds, sample sizes and durations.
 *
 *   npm run chaos [-- --json] [-- --kills=N] [-- --seed=TEXT] [-- --target=POINTS] [-- --fuzz-count=N] [-- --fuzz-seed=TEXT]
 *
 * `--target` sets every table's target score (default: 1000 at two tables, 200 and 100 at the
 * others; 50 ends a match every hand or two, so that more kills land at the ends of matches).
 *
 * `CHAOS_DEBUG=1` in front prints how long each restart, settling and resumption took.
 * `--json` adds one JSON object on the last line (`chaos.killsSurvived`, `chaos.acknowledgedLost`,
 * `fuzz.wrongStateChanges`, ...). Exits 1 when a figure misses its target.
 */
import type { Figure } from '../../bench/engine.js';
import { fuzzFigures } from '../../bench/fuzz.js';
import { malformedFigures } from '../../bench/fuzzMalformed.js';
import { runCrashes } from './crashes.js';

const USAGE =
  'npm run chaos [-- --json] [-- --kills=N] [-- --seed=TEXT] [-- --target=POINTS] [-- --fuzz-count=N] [-- --fuzz-seed=TEXT]';

function argument(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function count(name: string, fallback: number): number {
  const text = argument(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} wants a whole number, not "${text}". Usage: ${USAGE}`);
    process.exit(2);
  }
  return value;
}

const known = /^--(json|help|kills=|seed=|target=|fuzz-count=|fuzz-seed=)/;
const unknown = process.argv.slice(2).find((a) => !known.test(a));
if (unknown !== undefined || process.argv.includes('--help')) {
  if (unknown !== undefined) console.error(`Unknown option "${unknown}".`);
  console.log(`${USAGE}\nKills the bot process at random moments while tables are played, then fuzzes it.`);
  process.exit(unknown === undefined ? 0 : 2);
}

const json = process.argv.includes('--json');
const kills = count('kills', 100);
const seed = argument('seed') ?? String(Date.now() % 100_000);
const fuzzCount = count('fuzz-count', 10_000);
const fuzzSeed = argument('fuzz-seed') ?? String((Date.now() + 1) % 100_000);
const figures: Figure[] = [];

function record(figure: Figure): void {
  figures.push(figure);
  const mark = figure.met ? 'meets' : 'MISSES';
  const note = figure.note ? `  (${figure.note})` : '';
  console.log(
    `${figure.key.padEnd(32)} ${String(figure.value).padStart(10)} ${figure.unit.padEnd(8)} ${mark} target ${figure.target}${note}`,
  );
}

const zero = (key: string, value: number, note?: string): Figure => ({
  key,
  value,
  unit: 'count',
  target: '== 0',
  met: value === 0,
  ...(note ? { note } : {}),
});
const info = (key: string, value: number, unit: string, note?: string): Figure => ({
  key,
  value,
  unit,
  target: 'reported',
  met: true,
  ...(note ? { note } : {}),
});

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
}

console.log(
  `Tichu chaos on Node ${process.version}: seed ${seed}, ${kills} kills, then ${fuzzCount} fuzzed interactions`,
);
const target = argument('target') === undefined ? undefined : count('target', 1_000);
const crash = await runCrashes({
  kills,
  seed,
  ...(target === undefined ? {} : { targetScore: target }),
  progress: (line) => console.log(line),
});
for (const problem of crash.problems) console.log(`chaos: ${problem}`);
const sample = `seed ${crash.seed}, ${crash.kills} kills, ${crash.tables} tables, ${crash.acknowledgedChanges} acknowledged changes, ${(crash.wallMs / 1000).toFixed(0)} s`;
record({
  key: 'chaos.killsSurvived',
  value: crash.killsSurvived,
  unit: 'kills',
  target: '>= 100, every kill',
  met: crash.killsSurvived === kills && kills >= 100,
  note: sample,
});
record(
  zero(
    'chaos.acknowledgedLost',
    crash.acknowledgedLost,
    `of ${crash.acknowledgedChanges} acknowledged changes`,
  ),
);
record(zero('chaos.shownAhead', crash.shownAhead));
record(zero('chaos.logProblems', crash.logProblems));
record(zero('chaos.botOwesAfterRestart', crash.botOwesAfterRestart));
record(zero('chaos.messagesNotConverged', crash.messagesNotConverged));
record(zero('chaos.tablesStuck', crash.tablesStuck));
record(zero('chaos.botErrors', crash.botErrors));
record(
  info(
    'chaos.acknowledgedChanges',
    crash.acknowledgedChanges,
    'count',
    `${crash.interactionsAnswered} interactions answered`,
  ),
);
record(
  info(
    'chaos.killedMidInteraction',
    crash.killedMidInteraction,
    'kills',
    "a player's click or pick sent and not yet answered",
  ),
);
record(
  info(
    'chaos.killedBeforeShown',
    crash.killedBeforeShown,
    'kills',
    'a table logged ahead of everything that showed it: committed, not yet answered or shown',
  ),
);
record(
  info(
    'chaos.killedMidThought',
    crash.killedMidThought,
    'count',
    'a hard bot owed a move in the file at a kill',
  ),
);
record(
  info(
    'chaos.restartMs.p50',
    percentile(crash.restartMs, 0.5),
    'ms',
    `spawn to gateway session, ${crash.restartMs.length} restarts; max ${percentile(crash.restartMs, 1)} ms`,
  ),
);
record(info('chaos.wallMs', Math.round(crash.wallMs), 'ms'));
if (fuzzCount > 0) for (const figure of await fuzzFigures(fuzzSeed, fuzzCount)) record(figure);
if (fuzzCount > 0) for (const figure of await malformedFigures(fuzzSeed)) record(figure);

if (json) {
  const values: Record<string, number | string> = Object.fromEntries(figures.map((f) => [f.key, f.value]));
  values['chaos.seed'] = crash.seed;
  values['chaos.kills'] = crash.kills;
  values['fuzz.seed'] = fuzzSeed;
  values['fuzz.interactions'] = fuzzCount;
  console.log(JSON.stringify(values));
}
process.exit(figures.every((f) => f.met) ? 0 : 1);
