/**
 * Bot figures, played in the arena on every core: normal's match win rates against random and easy,
 * hard's margin over normal per hand, and the decision times of normal and hard beside a floor.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { TimedLevel } from '../src/arena/game.js';
import type { ArenaLevel } from '../src/arena/levels.js';
import type { ArenaConfig, PairRecord } from '../src/arena/pairs.js';
import { runArena } from '../src/arena/pool.js';
import { percentile } from '../src/arena/stats.js';
import { decisionTimes, summarize } from '../src/arena/summary.js';
import type { Figure } from './engine.js';

const MATCH_PAIRS = 200; // 400 matches to 1000 points per match-up
const DEAL_PAIRS = 300; // 600 single hands for hard against normal
const HARD_BUDGET_MS = 30;

interface Run {
  readonly config: ArenaConfig;
  readonly pairs: PairRecord[];
}

async function play(name: string, config: ArenaConfig, workers: number): Promise<Run> {
  const start = performance.now();
  const pairs = await runArena(config, { workers });
  // The load average says whether other processes shared the cores: hard's wall-clock search, and
  // every timing, suffer from it.
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  console.log(`  bots: ${name} played in ${seconds} s, load average ${loadavg()[0]?.toFixed(1)}`);
  return { config, pairs };
}

function winRateFigure(key: string, run: Run, goal: number): Figure {
  const s = summarize(run.config, run.pairs);
  const w = s.matchWinRate!;
  const p = s.pairResults!;
  return {
    key,
    value: w.value,
    unit: '',
    target: `>= ${goal}`,
    met: w.value >= goal,
    note:
      `95% CI [${w.low.toFixed(3)}, ${w.high.toFixed(3)}] (Wilson over ${w.matches} matches to ` +
      `${s.target}); ${s.pairs} mirrored pairs won 2-0/1-1/0-2: ${p.both}/${p.split}/${p.neither}`,
  };
}

function marginFigure(run: Run): Figure {
  const s = summarize(run.config, run.pairs);
  const m = s.pointsPerHand!;
  return {
    key: 'bots.hardVsNormal.pointsPerHand',
    value: Math.round(m.value * 10) / 10,
    unit: 'points',
    target: '>= 15, 95% CI above 0',
    met: m.value >= 15 && m.low > 0,
    note:
      `95% CI [${m.low.toFixed(1)}, ${m.high.toFixed(1)}] from the spread between ${s.pairs} mirrored ` +
      `deals (${s.hands} hands); hard at ${HARD_BUDGET_MS} ms a decision`,
  };
}

/** A level's p99 decision time over the runs, beside the floor timed on the same decisions. */
function timingFigure(level: ArenaLevel, goalMs: number, runs: readonly Run[], budgetMs?: number): Figure {
  const own: number[] = [];
  const floor: number[] = [];
  for (const run of runs) {
    const times = decisionTimes(run.pairs);
    for (const t of times.get(level) ?? []) own.push(t);
    for (const t of times.get(`floor:${level}` as TimedLevel) ?? []) floor.push(t);
  }
  const p99 = percentile(own, 99) ?? Number.NaN;
  const p50 = percentile(own, 50) ?? Number.NaN;
  const floorP99 = percentile(floor, 99) ?? Number.NaN;
  // A search level thinks for its budget by design, so how far past it the tail goes says more.
  const extra =
    budgetMs === undefined
      ? ''
      : `, its ${budgetMs} ms budget included (p99 ${(p99 / budgetMs).toFixed(2)}x it)`;
  return {
    key: `bots.${level}.decisionP99Ms`,
    value: Math.round(p99 * 1000) / 1000,
    unit: 'ms',
    target: `<= ${goalMs} ms`,
    met: p99 <= goalMs,
    note:
      `p50 ${p50.toFixed(3)} ms over ${own.length} decisions${extra}; floor (the random level on ` +
      `the same decisions) p99 ${floorP99.toFixed(3)} ms, ratio ${(p99 / floorP99).toFixed(1)}x`,
  };
}

/** Every bot figure, and the wall time the whole part took. */
export async function botFigures(
  workers = availableParallelism(),
): Promise<{ figures: Figure[]; wallMs: number }> {
  const start = performance.now();
  const matches = (team: ArenaLevel, vs: ArenaLevel): ArenaConfig => ({
    team,
    vs,
    pairs: MATCH_PAIRS,
    seed: 'bench',
    target: 1000,
    budgetMs: HARD_BUDGET_MS,
    floor: true,
  });
  console.log(`  bots: ${workers} worker threads on ${availableParallelism()} cores`);
  const vsRandom = await play('normal vs random', matches('normal', 'random'), workers);
  const vsEasy = await play('normal vs easy', matches('normal', 'easy'), workers);
  // Whole matches of hard take minutes at its budget; single mirrored deals measure the same margin.
  const hardDeals = await play(
    'hard vs normal',
    { ...matches('hard', 'normal'), pairs: DEAL_PAIRS, hands: 1 },
    workers,
  );
  const figures = [
    winRateFigure('bots.normalVsRandom.matchWinRate', vsRandom, 0.99),
    winRateFigure('bots.normalVsEasy.matchWinRate', vsEasy, 0.75),
    marginFigure(hardDeals),
    timingFigure('normal', 2, [vsRandom, vsEasy, hardDeals]),
    timingFigure('hard', 250, [hardDeals], HARD_BUDGET_MS),
  ];
  return { figures, wallMs: performance.now() - start };
}
