/**
 * Bot figures, played in the arena on every core: normal's match win rates against random and easy,
 * hard's margin over normal per hand, and the decision times of normal and hard beside a floor.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { TimedLevel } from '../src/arena/game.js';
import type { ArenaLevel } from '../src/arena/levels.js';
import type { ArenaConfig, PairRecord } from '../src/arena/pairs.js';
import { runArena } from '../src/arena/pool.js';
import { percentile, wilson } from '../src/arena/stats.js';
import { decisionTimes, summarize } from '../src/arena/summary.js';
import { type LevelAgreement, levelAgreement } from '../src/bots/agreement.js';
import { DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS } from '../src/bots/registry.js';
import { agreementOf, lessonsFor, TEACH_SAMPLES } from '../src/bots/teacher.js';
import type { Figure } from './engine.js';

const MATCH_PAIRS = 200; // 400 matches to 1000 points per match-up
const DEAL_PAIRS = 300; // 600 single hands for hard against normal, and for hard against hard@v1
const NORMAL_PAIRS = 10_000; // 20,000 single hands for the new normal against normal@v1 (~30 s): normal is cheap, and 2,000 hands left a 95% interval 11 points wide
const EXPERT_PAIRS = 60; // 120 single hands: expert thinks 200 ms a decision
const HARD_BUDGET_MS = 30;
/** Expert's budget here: hard's 30 ms scaled as the product's defaults scale them (1000 over 150). */
const EXPERT_BUDGET_MS = Math.round((HARD_BUDGET_MS * DEFAULT_EXPERT_BUDGET_MS) / DEFAULT_HARD_BUDGET_MS);

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

function marginFigure(key: string, run: Run, how: string): Figure {
  const s = summarize(run.config, run.pairs);
  const m = s.pointsPerHand!;
  return {
    key,
    value: Math.round(m.value * 10) / 10,
    unit: 'points',
    target: '>= 15, 95% CI above 0',
    met: m.value >= 15 && m.low > 0,
    note:
      `95% CI [${m.low.toFixed(1)}, ${m.high.toFixed(1)}] from the spread between ${s.pairs} mirrored ` +
      `deals (${s.hands} hands); ${how}`,
  };
}

/** The new hard's Tichu calls beside hard@v1's: it should call more often and make them as often. */
function callsFigure(run: Run): Figure {
  const s = summarize(run.config, run.pairs);
  const { team, vs } = s.sides;
  const made = (r: typeof team.tichuSuccess) =>
    r
      ? `${r.made}/${r.calls} made (${r.value.toFixed(2)} [${r.low.toFixed(2)}, ${r.high.toFixed(2)}])`
      : 'no calls';
  const more = team.tichuCallsPerHand > vs.tichuCallsPerHand;
  const asOften = (team.tichuSuccess?.value ?? 0) >= (vs.tichuSuccess?.value ?? 0);
  return {
    key: 'bots.newHardVsV1.tichuCallsPerHand',
    value: team.tichuCallsPerHand,
    unit: 'calls',
    target: "more than hard@v1's, made at least as often",
    met: more && asOften,
    note: `hard ${made(team.tichuSuccess)}; hard@v1 ${vs.tichuCallsPerHand} a hand, ${made(vs.tichuSuccess)}; ${s.hands} hands`,
  };
}

const AGREE_POSITIONS = 400;
/** The search's playouts a decision when it judges: the arena's cap for hard (about 50 ms of search). */
const AGREE_PLAYOUTS = 100;

/**
 * How often the normal level chooses as the hard level would, asked the same contested decisions
 * (own-turn card plays with a choice, from normal@v1 self-play), hard capped at the arena's playouts;
 * beside normal@v1 asked by hard@v1, the pair as it was before issue 29, and the teacher's share
 * (normal's model against the search's values of the candidates: src/bots/teacher.ts).
 */
function agreementFigure(): Figure {
  const start = performance.now();
  const now = levelAgreement('normal', 'hard', 'bench-agree', AGREE_POSITIONS, AGREE_PLAYOUTS);
  const before = levelAgreement('normal@v1', 'hard@v1', 'bench-agree', AGREE_POSITIONS, AGREE_PLAYOUTS);
  const taught = agreementOf(lessonsFor('bench-agree', AGREE_POSITIONS));
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  const share = (a: LevelAgreement) => a.agreed / a.contested;
  const ci = (a: LevelAgreement) => {
    const w = wilson(a.agreed, a.contested);
    return w ? `[${w.low.toFixed(3)}, ${w.high.toFixed(3)}]` : '';
  };
  return {
    key: 'bots.normal.agreesWithHard',
    value: Math.round(share(now) * 1000) / 1000,
    unit: '',
    target: '>= 0.75',
    met: share(now) >= 0.75,
    note:
      `${now.agreed}/${now.contested} contested decisions, 95% CI ${ci(now)}, hard at ${AGREE_PLAYOUTS} ` +
      `playouts; before issue 29 normal@v1 with hard@v1 ${share(before).toFixed(3)} ${ci(before)}; ` +
      `with the teacher's choice (hard's playouts, ${TEACH_SAMPLES} deals) normal ${taught.normal.toFixed(3)}, ` +
      `normal@v1 ${taught.v1.toFixed(3)}; ${seconds} s on one thread`,
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
  // Whole matches of the search levels take minutes at their budgets; single mirrored deals measure
  // the same margin per hand.
  const deals = (team: ArenaLevel, vs: ArenaLevel, pairs: number): ArenaConfig => ({
    ...matches(team, vs),
    pairs,
    hands: 1,
    expertBudgetMs: EXPERT_BUDGET_MS,
  });
  const newNormal = await play('normal vs normal@v1', deals('normal', 'normal@v1', NORMAL_PAIRS), workers);
  const hardDeals = await play('hard vs normal', deals('hard', 'normal', DEAL_PAIRS), workers);
  const newHard = await play('hard vs hard@v1', deals('hard', 'hard@v1', DEAL_PAIRS), workers);
  const expert = await play('expert vs hard', deals('expert', 'hard', EXPERT_PAIRS), workers);
  const agreement = agreementFigure();
  const hardHow = `both at ${HARD_BUDGET_MS} ms a decision`;
  const figures = [
    winRateFigure('bots.normalVsRandom.matchWinRate', vsRandom, 0.99),
    winRateFigure('bots.normalVsEasy.matchWinRate', vsEasy, 0.75),
    marginFigure('bots.newNormalVsV1.pointsPerHand', newNormal, 'normal learned from the search'),
    agreement,
    marginFigure('bots.hardVsNormal.pointsPerHand', hardDeals, `hard at ${HARD_BUDGET_MS} ms a decision`),
    marginFigure('bots.newHardVsV1.pointsPerHand', newHard, hardHow),
    callsFigure(newHard),
    marginFigure(
      'bots.expertVsHard.pointsPerHand',
      expert,
      `expert at ${EXPERT_BUDGET_MS} ms, hard at ${HARD_BUDGET_MS} ms (the product's 1000 over 150)`,
    ),
    timingFigure('easy', 2, [vsEasy]),
    timingFigure('normal', 2, [vsRandom, vsEasy, newNormal, hardDeals]),
    timingFigure('hard', 250, [hardDeals, newHard, expert], HARD_BUDGET_MS),
    timingFigure('expert', Math.round(EXPERT_BUDGET_MS * 1.5), [expert], EXPERT_BUDGET_MS),
  ];
  return { figures, wallMs: performance.now() - start };
}
