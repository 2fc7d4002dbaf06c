/**
 * `npm run tune:cuts`: how the normal level's call cuts were chosen. For each trial cut, normal
 * with that cut plays normal at the shipped cuts on mirrored single deals (each deal twice, the
 * teams swapped) and the trial side's points a hand minus the other's are printed with a 95%
 * interval from the spread between mirrored pairs. Usage: npm run tune:cuts -- [deals] [seed]
 */
import { memoryOf } from '../src/bots/memory.js';
import { makeNormalPolicy, NORMAL_PARAMS, type NormalParams } from '../src/bots/normal.js';
import type { Policy } from '../src/bots/policy.js';
import { botsToAsk } from '../src/bots/registry.js';
import { apply, legalActions, makeSettings, newMatch, Rng, seatView, seedRng } from '../src/engine/index.js';

const deals = Number(process.argv[2] ?? 600);
const seed = process.argv[3] ?? 'cuts';
const budget = { ms: 0, now: () => 0 };
const MAX_STEPS = 3_000;

/** One hand from `dealSeed`, team 0 (seats 0, 2) playing `even`, team 1 `odd`: team 0's score minus team 1's. */
function playHand(dealSeed: string, even: Policy, odd: Policy): number {
  let state = newMatch(makeSettings(), dealSeed);
  for (let step = 0; step < MAX_STEPS && state.history.length === 0; step++) {
    let moved = false;
    for (const ask of botsToAsk(state, () => true)) {
      const policy = ask.seat % 2 === 0 ? even : odd;
      const rng = new Rng(seedRng(`${dealSeed}:${state.version}:${ask.seat}`));
      const legal = legalActions(state, ask.seat, { exchanges: false });
      const action = policy(seatView(state, ask.seat), memoryOf(state, ask.seat), legal, rng, budget);
      if (action === null) continue;
      const next = apply(state, ask.seat, action);
      if (!next.ok) throw new Error(`refused ${JSON.stringify(action)}: ${next.error.code}`);
      state = next.value.state;
      moved = true;
      break;
    }
    if (!moved) throw new Error(`nobody moves at version ${state.version}`);
  }
  const result = state.history[0];
  if (!result) throw new Error(`hand ${dealSeed} did not end in ${MAX_STEPS} steps`);
  return result.total[0] - result.total[1];
}

function sweep(label: string, trial: Partial<NormalParams>): void {
  const tried = makeNormalPolicy({ ...NORMAL_PARAMS, ...trial });
  const base = makeNormalPolicy(NORMAL_PARAMS);
  const pairs: number[] = [];
  for (let d = 0; d < deals; d++) {
    const dealSeed = `${seed}-${d}`;
    pairs.push((playHand(dealSeed, tried, base) - playHand(dealSeed, base, tried)) / 2);
  }
  const mean = pairs.reduce((a, b) => a + b, 0) / pairs.length;
  const sd = Math.sqrt(pairs.reduce((a, b) => a + (b - mean) ** 2, 0) / (pairs.length - 1));
  const half = (1.96 * sd) / Math.sqrt(pairs.length);
  console.log(
    `${label.padEnd(16)} ${mean >= 0 ? '+' : ''}${mean.toFixed(1)} +- ${half.toFixed(1)} points a hand`,
  );
}

console.log(
  `normal with a trial cut vs normal at tichu ${NORMAL_PARAMS.tichu}, grand ${NORMAL_PARAMS.grandTichu}: ${deals} mirrored deals, seed ${seed}`,
);
for (const tichu of [0.3, 0.35, 0.4, 0.45, 0.55, 0.6]) sweep(`tichu ${tichu}`, { tichu });
for (const grandTichu of [0.45, 0.55]) sweep(`grandTichu ${grandTichu}`, { grandTichu });
